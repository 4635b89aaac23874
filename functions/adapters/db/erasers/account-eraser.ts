import { DELETED_USER } from '../../../../shared/domain/account-state';
import { usernameKey } from '../../../../shared/domain/username';
import type { Eraser } from '../../../core/account-state/ports';
import { conditionally } from '../conditional';
import type { Db } from '../service';

/**
 * Last, the account itself (decision 059): its username and wallet guards go (the name can be taken again, and the
 * wallet can sign up anew), and the user item stays for the orders, escrows and reviews that name its id, with
 * 'Deleted user' as its name. Its wallet address stays on it: it is on every ledger record of its escrows, public.
 */
export function accountEraser(db: Db): Eraser {
  const { user, username, wallet } = db.entities;
  return {
    name: 'account',
    async step(userId, _cursor, at) {
      const { data: u } = await user.get({ userId }).go({ consistent: true });
      if (!u) return { done: true };
      // Each guard only while it is still this account's (a new account may have taken the name or wallet since).
      await conditionally(() =>
        username
          .delete({ usernameLower: usernameKey(u.username) })
          .where((a, op) => op.eq(a.userId, userId))
          .go(),
      );
      await conditionally(() =>
        wallet
          .delete({ walletAddress: u.walletAddress })
          .where((a, op) => op.eq(a.userId, userId))
          .go(),
      );
      await user.patch({ userId }).set({ username: DELETED_USER, role: 'user', updatedAt: at.toISOString() }).go();
      return { done: true };
    },
  };
}
