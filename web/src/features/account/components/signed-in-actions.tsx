import '../../../styles/account.css';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../../../../shared/api/auth';
import { formatUsd } from '../../../../../shared/domain/money';
import { HeartIcon, TagIcon, WalletIcon } from '../../../components/ui/icons';
import { badgeCount } from '../../../lib/badge';
import { useWishlist } from '../../../domains/wishlist/api';
import { rlusdCents, useWalletBalances } from '../../../domains/wallet/api';
import { AccountPanel } from './account-panel';

/**
 * The signed-in part of the header (spec part 1 "Header"): balance chip to /wallet, the sell icon for sellers and
 * the account panel, and the wishlist icon with its count.
 */
export function SignedInActions({ user, token }: { user: CurrentUser; token: string }) {
  const { data, error, isLoading } = useWalletBalances({ token, walletAddress: user.walletAddress });
  // Spec part 1 "Fallbacks": a failed read shows $0.00.
  const balance = isLoading && !data ? null : formatUsd(error && !data ? 0 : rlusdCents(data));
  const wishlist = useWishlist();
  const saved = wishlist.data?.count ?? 0;
  return (
    <>
      <Link
        to="/wallet"
        className="balance-chip"
        aria-label={balance === null ? 'Wallet balance loading' : `Wallet balance ${balance}`}
        aria-busy={balance === null}
      >
        <WalletIcon />
        <span aria-hidden>{balance ?? '$…'}</span>
      </Link>
      <Link
        to="/wishlist"
        className="btn btn-ghost btn-icon icon-with-badge"
        aria-label={`Wishlist, ${saved} ${saved === 1 ? 'item' : 'items'}`}
      >
        <HeartIcon />
        {saved > 0 && (
          <span className="count-badge" aria-hidden>
            {badgeCount(saved)}
          </span>
        )}
      </Link>
      {user.isSeller && (
        <Link to="/sell" className="btn btn-ghost btn-icon" aria-label="Sell an item">
          <TagIcon />
        </Link>
      )}
      <AccountPanel user={user} balance={balance ?? '$…'} />
    </>
  );
}
