import { useState } from 'react';
import type { Store } from '../../../../../shared/api/stores';
import { useToggleFollow } from '../../../domains/stores/follow';
import { useOptionalSession } from '../../../lib/session/session-context';

/**
 * Follow / Following on someone else's store (decision 058): a toggle button, pressed while the viewer follows;
 * pressing Following unfollows. Signed out it reads Follow and opens Connect Wallet.
 */
export function FollowButton({ store }: { store: Store }) {
  const session = useOptionalSession();
  const toggle = useToggleFollow(store);
  const [busy, setBusy] = useState(false);
  const signedIn = session?.status === 'signed-in';
  const following = signedIn && store.isFollowing;
  return (
    <button
      type="button"
      className={following ? 'btn btn-outline' : 'btn btn-primary'}
      aria-pressed={signedIn ? following : undefined}
      aria-busy={busy}
      disabled={busy || session?.status === 'loading'}
      onClick={() => {
        setBusy(true);
        void toggle().finally(() => setBusy(false));
      }}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
