import { assertNotErasing, claim, latest, workOn } from './account-work';
import { initialState, type AccountStateDeps } from './ports';
import { storeStateOf, type StoreState } from './store-state';

/**
 * Reactivate (docs/decisions/059-danger-zone.md): the store is open again at once and its paused listings come back
 * into browse and search a page at a time, this request first. An active store is left as it is.
 */
export async function reactivateStore(userId: string, deps: AccountStateDeps): Promise<StoreState> {
  const state = (await deps.states.get(userId)) ?? initialState(userId);
  assertNotErasing(state);
  if (state.storeStatus === 'active') return storeStateOf(state);
  const starting = state.storeStatus !== 'reactivating';
  const claimed = await claim(
    state,
    starting ? { storeStatus: 'reactivating', sweep: { cursor: null, held: 0 } } : {},
    deps,
  );
  return storeStateOf(claimed ? await workOn(claimed, deps) : await latest(state, deps));
}
