import * as z from 'zod/mini';
import { ERASURE_STATUSES, STORE_STATUSES } from '../domain/account-state';
import { defineContract } from './contract';

/** The seller portal's danger zone (docs/decisions/059-danger-zone.md). */

export const storeStateSchema = z.object({
  /** deactivating / reactivating: the listings are still being moved (the schedule finishes within minutes). */
  storeStatus: z.enum(STORE_STATUSES),
});
export type StoreStateView = z.infer<typeof storeStateSchema>;

/** Deactivate: the store and its listings leave browse and search until Reactivate. */
export const deactivateStore = defineContract({
  method: 'POST',
  path: '/api/me/store/deactivation',
  body: z.strictObject({}),
  response: storeStateSchema,
});

/** Reactivate: the store and its paused listings come back. */
export const reactivateStore = defineContract({
  method: 'POST',
  path: '/api/me/store/reactivation',
  body: z.strictObject({}),
  response: storeStateSchema,
});

/** Delete Data, confirmed by the caller's username typed exactly; the caller is signed out everywhere. */
export const deleteMyData = defineContract({
  method: 'POST',
  path: '/api/me/data-deletion',
  body: z.strictObject({
    confirmUsername: z
      .string()
      .check(z.minLength(1, 'Type your username to confirm.'), z.maxLength(100, 'That is not your username.')),
  }),
  /** erasing: the rest is finished by the schedule within minutes. */
  response: z.object({ status: z.enum(ERASURE_STATUSES) }),
});
