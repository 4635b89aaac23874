import { useCallback } from 'react';
import useSWR from 'swr';
import { toast } from 'sonner';
import type { ResponseOf } from '../../../../shared/api/contract';
import { addToWishlist, getWishlist, removeFromWishlist } from '../../../../shared/api/wishlist';
import { apiGet, apiSend, ApiError } from '../../lib/api';
import { useOptionalSession } from '../../lib/session/session-context';
import { keys } from '../keys';

export type Wishlist = ResponseOf<typeof getWishlist>;

/**
 * The signed-in user's wishlist: one cache entry per user (spec part 2), shared by the header badge, the card toggles
 * and /wishlist. Keyed by the wallet, not the token, so a renewed token keeps it.
 */
export function useWishlist() {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const user = session?.user ?? null;
  const swr = useSWR(user && token ? keys.wishlist(user.walletAddress) : null, () => apiGet(getWishlist, { token }));
  const saved = new Set(swr.data?.items.map((i) => i.listingId));

  const toggle = useCallback(
    async (listingId: string) => {
      if (!token) {
        toast.error('Authentication Required', {
          description: 'Please connect your wallet to add items to your wishlist',
        });
        return;
      }
      const removing = swr.data?.items.some((i) => i.listingId === listingId) ?? false;
      try {
        if (removing) {
          await apiSend(removeFromWishlist, { params: { listingId }, token });
          toast.success('Removed from Wishlist');
        } else {
          await apiSend(addToWishlist, { params: { listingId }, body: {}, token });
          toast.success('Added to Wishlist');
        }
      } catch (error) {
        toast.error('Error', {
          description: error instanceof ApiError ? error.message : 'Failed to update your wishlist. Please try again.',
        });
      } finally {
        await swr.mutate();
      }
    },
    [token, swr],
  );

  // Until a saved session is restored, a click would be taken for a signed-out one: the hearts wait for it.
  const ready = session?.status !== 'loading';
  return { ...swr, saved, toggle, signedIn: !!token, ready };
}
