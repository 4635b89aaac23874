import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * Public: each dependency by its role (table, media-bucket, queue:<name>, ledger, signer, carrier) and ok or failing, nothing
 * else: no error text, account, region or resource names (the reasons go to the logs).
 */
export const dependencyStatusSchema = z.strictObject({ name: z.string(), status: z.enum(['ok', 'failing']) });

export const healthSchema = z.strictObject({
  status: z.enum(['ok', 'failing']),
  dependencies: z.array(dependencyStatusSchema),
});
export type Health = z.infer<typeof healthSchema>;

export const getHealth = defineContract({ method: 'GET', path: '/api/health', response: healthSchema });
