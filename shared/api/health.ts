import { z } from 'zod';
import { defineContract } from './contract';

export const dependencyStatusSchema = z.object({
  name: z.string(),
  status: z.enum(['ok', 'failing']),
  latencyMs: z.number().nonnegative(),
  detail: z.string().optional(),
});

export const healthSchema = z.object({
  status: z.enum(['ok', 'failing']),
  dependencies: z.array(dependencyStatusSchema),
});
export type Health = z.infer<typeof healthSchema>;

export const getHealth = defineContract({ method: 'GET', path: '/api/health', response: healthSchema });
