import { ACCOUNT_STATE_TEXTS, isDeactivated, type StoreStatus } from '../../../shared/domain/account-state';
import { InvalidStateError } from '../../lib/errors';
import type { AccountState, AccountStateStore } from './ports';

export interface StoreState {
  storeStatus: StoreStatus;
}

export const storeStateOf = (s: AccountState): StoreState => ({ storeStatus: s.storeStatus });

/** The store's status as its page shows it (active when nothing was ever asked). */
export async function storeStatusOf(userId: string, states: Pick<AccountStateStore, 'get'>): Promise<StoreStatus> {
  return (await states.get(userId))?.storeStatus ?? 'active';
}

/**
 * New listings wait for a deactivated store to be reactivated (a relisted auction is a new listing too); an account
 * whose data is being deleted lists nothing.
 */
export async function assertStoreOpen(userId: string, states: Pick<AccountStateStore, 'get'>): Promise<void> {
  const state = await states.get(userId);
  if (state?.erasure) throw new InvalidStateError('account_erasing', ACCOUNT_STATE_TEXTS.erasing);
  if (state && isDeactivated(state.storeStatus)) {
    throw new InvalidStateError('store_deactivated', ACCOUNT_STATE_TEXTS.deactivatedListing);
  }
}
