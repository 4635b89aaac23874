/**
 * The seller portal's danger zone (docs/decisions/059-danger-zone.md): a store deactivated and reactivated, and a
 * user's data deleted. Shared by the server and the web app.
 */

/**
 * Where a store stands. Deactivating and reactivating move its listings out of and back into browse and search a
 * page at a time; the store reads as deactivated from the moment its seller asks.
 */
export const STORE_STATUSES = ['active', 'deactivating', 'deactivated', 'reactivating'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** The store page says it is deactivated (and lists nothing) while deactivating or deactivated. */
export const isDeactivated = (status: StoreStatus) => status === 'deactivating' || status === 'deactivated';

/** Where a Delete Data request stands: done, or still being finished by the schedule (the user is signed out either way). */
export const ERASURE_STATUSES = ['erasing', 'erased'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];

/** What every kept record shows in place of an erased user's username. */
export const DELETED_USER = 'Deleted user';
/** What an erased user's messages say in the conversations the other party keeps. */
export const DELETED_MESSAGE = 'Message deleted';

/** Delete Data asks for the username typed exactly (surrounding spaces aside); the server checks the same. */
export function confirmsUsername(typed: string, username: string): boolean {
  return typed.trim() === username;
}

export const ACCOUNT_STATE_TEXTS = {
  storeDeactivated: 'This store is deactivated.',
  deactivatedListing: 'Your store is deactivated. Reactivate it in the Seller Portal settings to list items again.',
  erasing: 'Your data is being deleted.',
  confirmMismatch: 'Type your username exactly as shown to confirm.',
} as const;
