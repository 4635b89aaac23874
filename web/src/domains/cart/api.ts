import { useCallback, useEffect, useSyncExternalStore } from 'react';
import useSWR, { useSWRConfig, type KeyedMutator } from 'swr';
import {
  CART_MAX_QUANTITY,
  clearCart,
  getCart,
  mergeCart,
  removeCartItem,
  setCartItem,
  type Cart,
} from '../../../../shared/api/cart';
import { CART_MAX_ITEMS, CART_MIGRATION_DELAY_MS } from '../../../../shared/domain/cart';
import { apiGet, apiSend } from '../../lib/api';
import { useOptionalSession } from '../../lib/session/session-context';
import { CART_TOASTS, cartErrorToast, toastPair } from './cart-toasts';
import { localCartView, type CartView } from './cart-view';
import {
  addLocalItem,
  clearLocalCart,
  readLocalCart,
  removeLocalItem,
  setLocalQuantity,
  useLocalCart,
  type LocalCartItem,
  type LocalWrite,
} from './local-cart';
import { keys } from '../keys';

/** One cache entry per user: the header badge, /cart, /checkout and the item page share it. */
export const cartKey = keys.cart;

// The "syncing" flag of the spec's cart: a signed-out cart is moving to the account.
let syncing = false;
const syncListeners = new Set<() => void>();
function setSyncing(next: boolean) {
  syncing = next;
  for (const l of [...syncListeners]) l();
}
function useSyncing(): boolean {
  return useSyncExternalStore(
    (l) => (syncListeners.add(l), () => void syncListeners.delete(l)),
    () => syncing,
    () => syncing,
  );
}

let migrating: Promise<void> | null = null;

/**
 * Moves the signed-out cart into the account (spec part 2 "Cart storage"): the lines go to the merge route (which keeps
 * the larger quantity, so a repeat changes nothing), the local copies are cleared, and the account's cart is shown. A
 * failure is only logged; the local lines stay for the next sign-in.
 */
export function migrateLocalCart(userId: string, token: string, mutate: ReturnType<typeof useSWRConfig>['mutate']) {
  migrating ??= (async () => {
    const lines = readLocalCart();
    if (lines.length === 0) return;
    setSyncing(true);
    try {
      const merged = await apiSend(mergeCart, {
        token,
        body: {
          items: lines
            .slice(0, CART_MAX_ITEMS)
            .map((l) => ({ listingId: l.listingId, quantity: Math.min(l.quantity, CART_MAX_QUANTITY) })),
        },
      });
      clearLocalCart();
      await mutate(cartKey(userId), merged.cart, { revalidate: false });
      if (merged.skipped.length) console.info('Cart lines not moved to the account', merged.skipped);
      if (merged.moved > 0) toastPair(CART_TOASTS.synced(merged.moved), false);
    } catch (error) {
      console.warn('Moving the cart to your account failed', error);
    } finally {
      setSyncing(false);
    }
  })().finally(() => {
    migrating = null;
  });
  return migrating;
}

/** About 200 ms after sign-in (or a restored session), a non-empty signed-out cart moves to the account. */
export function useCartMigration(): void {
  const session = useOptionalSession();
  const userId = session?.user?.id ?? null;
  const token = session?.token ?? null;
  const { mutate } = useSWRConfig();
  const signedIn = !!userId && !!token;
  useEffect(() => {
    if (!signedIn || readLocalCart().length === 0) return;
    const timer = setTimeout(() => void migrateLocalCart(userId!, token!, mutate), CART_MIGRATION_DELAY_MS);
    return () => clearTimeout(timer);
    // The token renews while signed in; only a new user starts a migration.
  }, [signedIn, userId, mutate]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The toast of a local change that did not simply save. Returns whether the change was kept. */
function reportLocal(result: LocalWrite): boolean {
  switch (result) {
    case 'full':
      toastPair(CART_TOASTS.full);
      return false;
    case 'too_large':
      toastPair(CART_TOASTS.tooLarge);
      return false;
    case 'limit':
      toastPair(CART_TOASTS.noMoreUnits);
      return false;
    case 'memory':
      toastPair(CART_TOASTS.storageLimited);
      return true;
    case 'saved':
      return true;
  }
}

export interface UseCart {
  /** undefined while loading. */
  cart: CartView | undefined;
  isLoading: boolean;
  /** The account's cart could not be read: `cart` is then the one kept in this browser (spec). */
  loadError: unknown;
  /** A signed-out cart is moving to the account. */
  syncing: boolean;
  signedIn: boolean;
  /**
   * Adds one unit ('Added to Cart'); returns whether it was added. Signed out it needs the whole listing (kept in this
   * browser); signed in, the id and title are enough.
   */
  add(item: LocalCartItem | { listingId: string; title: string }): Promise<boolean>;
  /** Buy Now: the listing in the account's cart (at least 1 unit), without a toast; returns whether it is there. */
  putForBuyNow(listingId: string): Promise<boolean>;
  /** Sets a line's quantity; 0 or less removes it. */
  setQuantity(listingId: string, quantity: number): Promise<boolean>;
  remove(listingId: string): Promise<boolean>;
  clear(): Promise<boolean>;
  /** Reads the account's cart again. */
  reload(): Promise<unknown>;
}

/**
 * The cart (spec part 2 "Cart storage"): signed in, the account's cart on the server, priced by the server; signed out,
 * the one in this browser. Every change shows the spec's toast.
 */
export function useCart(): UseCart {
  const session = useOptionalSession();
  const status = session?.status ?? 'signed-out';
  const token = session?.token ?? null;
  const userId = session?.user?.id ?? null;
  const localLines = useLocalCart();
  const syncingNow = useSyncing();
  const server = useSWR(userId && token ? cartKey(userId) : null, () => apiGet(getCart, { token }));
  const serverData = server.data;
  const mutate: KeyedMutator<Cart> = server.mutate;

  const fallback = !!userId && !!server.error && !serverData;
  let cart: CartView | undefined;
  if (userId)
    cart = serverData ? { ...serverData, source: 'server' } : fallback ? localCartView(localLines) : undefined;
  else if (status !== 'loading') cart = localCartView(localLines);

  /** A server change: its answer is the cart. */
  const send = useCallback(
    async (change: () => Promise<Cart>, fallbackText: string): Promise<boolean> => {
      try {
        const next = await change();
        await mutate(next, { revalidate: false });
        return true;
      } catch (error) {
        cartErrorToast(error, fallbackText);
        return false;
      }
    },
    [mutate],
  );

  /** Units of a listing in the account's cart; read first if the cart has not loaded yet (so a line isn't lowered). */
  const quantityOf = useCallback(
    async (listingId: string) => {
      const current = serverData ?? (await mutate().catch(() => undefined));
      return current?.items.find((l) => l.listingId === listingId)?.quantity ?? 0;
    },
    [serverData, mutate],
  );

  const add = useCallback(
    async (item: LocalCartItem | { listingId: string; title: string }) => {
      if (!userId || !token) {
        // Only a whole listing can be kept in this browser (the signed-in pages pass just the id and title).
        if (!('priceCents' in item)) return false;
        const kept = reportLocal(addLocalItem(item));
        if (kept) toastPair(CART_TOASTS.added(item.title), false);
        return kept;
      }
      const quantity = Math.min((await quantityOf(item.listingId)) + 1, CART_MAX_QUANTITY);
      const ok = await send(
        () => apiSend(setCartItem, { token, params: { listingId: item.listingId }, body: { quantity } }),
        CART_TOASTS.addFailed,
      );
      if (ok) toastPair(CART_TOASTS.added(item.title), false);
      return ok;
    },
    [userId, token, quantityOf, send],
  );

  const putForBuyNow = useCallback(
    async (listingId: string) => {
      if (!token) return false;
      const quantity = Math.max(1, await quantityOf(listingId));
      return send(
        () => apiSend(setCartItem, { token, params: { listingId }, body: { quantity } }),
        CART_TOASTS.addFailed,
      );
    },
    [token, quantityOf, send],
  );

  const remove = useCallback(
    async (listingId: string) => {
      const ok = token
        ? await send(() => apiSend(removeCartItem, { token, params: { listingId } }), CART_TOASTS.removeFailed)
        : reportLocal(removeLocalItem(listingId));
      if (ok) toastPair(CART_TOASTS.removed, false);
      return ok;
    },
    [token, send],
  );

  const setQuantity = useCallback(
    async (listingId: string, quantity: number) => {
      if (quantity <= 0) return remove(listingId);
      const capped = Math.min(Math.floor(quantity), CART_MAX_QUANTITY);
      if (!token) return reportLocal(setLocalQuantity(listingId, capped));
      return send(
        () => apiSend(setCartItem, { token, params: { listingId }, body: { quantity: capped } }),
        CART_TOASTS.updateFailed,
      );
    },
    [token, send, remove],
  );

  const clear = useCallback(async () => {
    let ok = true;
    if (token) ok = await send(() => apiSend(clearCart, { token }), CART_TOASTS.clearFailed);
    else clearLocalCart();
    if (ok) toastPair(CART_TOASTS.cleared, false);
    return ok;
  }, [token, send]);

  return {
    cart,
    isLoading: cart === undefined,
    loadError: fallback ? server.error : undefined,
    syncing: syncingNow,
    signedIn: !!userId,
    add,
    putForBuyNow,
    setQuantity,
    remove,
    clear,
    reload: () => server.mutate(),
  };
}
