import { assertNoAuctionWithBids, assertNoOpenOrdersToDeactivate } from './account-rules';
import { assertNotErasing, claim, latest, workOn } from './account-work';
import { initialState, type AccountStateDeps } from './ports';
import { storeStateOf, type StoreState } from './store-state';

/**
 * Deactivate (docs/decisions/059-danger-zone.md): refused while an order the seller bought or sold is open or an
 * auction of theirs has bids; otherwise the store reads as deactivated at once (its page lists nothing, new listings
 * are refused) and its active listings leave browse and search a page at a time, this request first. Asked again, it
 * answers where it stands (and helps the pass on when no other run holds it).
 */
export async function deactivateStore(userId: string, deps: AccountStateDeps): Promise<StoreState> {
  const state = (await deps.states.get(userId)) ?? initialState(userId);
  assertNotErasing(state);
  if (state.storeStatus === 'deactivated') return storeStateOf(state);
  const starting = state.storeStatus !== 'deactivating';
  if (starting) {
    const [orders, auction] = await Promise.all([deps.checks.orders(userId), deps.checks.auctionWithBids(userId)]);
    assertNoOpenOrdersToDeactivate(orders);
    assertNoAuctionWithBids(auction, 'deactivate');
  }
  const claimed = await claim(
    state,
    starting ? { storeStatus: 'deactivating', sweep: { cursor: null, held: 0 } } : {},
    deps,
  );
  return storeStateOf(claimed ? await workOn(claimed, deps) : await latest(state, deps));
}
