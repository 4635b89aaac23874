import { useCallback } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { followStore, unfollowStore } from '../../../../shared/api/follows';
import type { Store } from '../../../../shared/api/stores';
import { ApiError, apiSend } from '../../lib/api';
import { requestConnectWallet } from '../../lib/session/session-events';
import { useOptionalSession } from '../../lib/session/session-context';
import { keys } from '../keys';

/** '1 follower', '1,204 followers'. */
export function followerCountText(count: number): string {
  return count === 1 ? '1 follower' : `${count.toLocaleString('en-US')} followers`;
}

export const FOLLOW_TOASTS = {
  signIn: ['Authentication Required', 'Please connect your wallet to follow this store'],
  followFailed: 'Failed to follow store',
  unfollowFailed: 'Failed to unfollow store',
} as const;

/**
 * Follow, or unfollow when following (decision 058): signed out it opens Connect Wallet with the sign-in toast, as
 * Message does; otherwise the server's answer (following, count) goes into the viewer's copy of the store.
 */
export function useToggleFollow(store: Pick<Store, 'username' | 'isFollowing'>) {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const viewer = session?.user?.id ?? null;
  const { mutate } = useSWRConfig();
  const { username, isFollowing } = store;
  return useCallback(async () => {
    if (!token || !viewer) {
      toast.error(FOLLOW_TOASTS.signIn[0], { description: FOLLOW_TOASTS.signIn[1] });
      requestConnectWallet();
      return;
    }
    try {
      const state = isFollowing
        ? await apiSend(unfollowStore, { params: { username }, token })
        : await apiSend(followStore, { params: { username }, body: {}, token });
      await mutate(
        keys.store(username, viewer),
        (current: Store | undefined) =>
          current && { ...current, isFollowing: state.following, followerCount: state.followerCount },
        { revalidate: false },
      );
    } catch (error) {
      console.warn('Following the store failed', error);
      toast.error(isFollowing ? FOLLOW_TOASTS.unfollowFailed : FOLLOW_TOASTS.followFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  }, [token, viewer, username, isFollowing, mutate]);
}
