import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CartButton, LocalCartButton } from '../../domains/cart/cart-button';
import { LogoMark, StoreIcon } from '../../components/ui/icons';
import { SearchField } from '../../components/ui/search-field';
import { marketplaceUrl } from '../../domains/listings/marketplace-url';
import { CONNECT_WALLET_REQUESTED } from '../../lib/session/session-events';
import { useSession } from '../../lib/session/session-context';
import { useViewportWidth } from '../../lib/use-viewport-width';
import { BREAKPOINTS } from './category-split';

// Each screen size needs only one of these (and their Radix code): load it when that size is in use.
const CategoryBar = lazy(() => import('./category-bar').then((m) => ({ default: m.CategoryBar })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
// Sign-in and the signed-in controls stay out of the first load: loaded when asked for or when a session exists.
const loadConnectFlow = () => import('../../features/auth/components/connect-wallet-flow');
const ConnectWalletFlow = lazy(() => loadConnectFlow().then((m) => ({ default: m.ConnectWalletFlow })));
const loadSignedInActions = () => import('../../features/account/components/signed-in-actions');
const SignedInActions = lazy(() => loadSignedInActions().then((m) => ({ default: m.SignedInActions })));
const loadBell = () => import('../../features/notifications/components/notification-bell');
const NotificationBell = lazy(() => loadBell().then((m) => ({ default: m.NotificationBell })));
// The account's cart reads the API (zod contracts): a chunk of its own, like the other signed-in controls.
const loadAccountCart = () => import('../../domains/cart/account-cart-button');
const AccountCartButton = lazy(() => loadAccountCart().then((m) => ({ default: m.AccountCartButton })));

/** Connect Wallet, the restore placeholder, or the signed-in controls (spec part 1 "Header"). */
function SessionActions() {
  const { status, user, token } = useSession();
  const [connecting, setConnecting] = useState(false);
  const connectButton = useRef<HTMLButtonElement>(null);
  // The dialogs have no Radix trigger to return focus to; after an unfinished connection it goes back to the button.
  const close = useCallback(() => {
    setConnecting(false);
    setTimeout(() => connectButton.current?.focus(), 0);
  }, []);
  // Pages ask for the dialog (a sign-in prompt) through a window event.
  useEffect(() => {
    const open = () => {
      void loadConnectFlow();
      setConnecting(true);
    };
    window.addEventListener(CONNECT_WALLET_REQUESTED, open);
    return () => window.removeEventListener(CONNECT_WALLET_REQUESTED, open);
  }, []);
  // A saved session is being restored: fetch the signed-in controls meanwhile, not after.
  useEffect(() => {
    if (status === 'loading') {
      void loadSignedInActions();
      void loadBell();
      void loadAccountCart();
    }
  }, [status]);
  if (status === 'loading') {
    return (
      <>
        <CartButton count={null} />
        <span className="account-placeholder" role="status" aria-label="Restoring your session" />
      </>
    );
  }
  if (status === 'signed-in' && user && token) {
    return (
      <>
        <Suspense fallback={<CartButton count={null} />}>
          <AccountCartButton />
        </Suspense>
        {/* Its own boundary: the account controls don't wait for the bell's code. */}
        <Suspense fallback={<span className="btn-icon-placeholder" />}>
          <NotificationBell />
        </Suspense>
        <Suspense fallback={<span className="account-placeholder" />}>
          <SignedInActions user={user} token={token} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <LocalCartButton />
      <button
        ref={connectButton}
        type="button"
        className="btn btn-primary connect-wallet"
        onClick={() => setConnecting(true)}
        onPointerEnter={() => void loadConnectFlow()}
        onFocus={() => void loadConnectFlow()}
      >
        Connect Wallet
      </button>
      {connecting && (
        <Suspense fallback={null}>
          <ConnectWalletFlow onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The site header. The right-hand actions area holds Marketplace, the cart button (every visitor), the session's
 * controls and, on small screens, the menu (docs/decisions/003-web-shell.md).
 */
export function Header() {
  const navigate = useNavigate();
  const large = useViewportWidth() >= BREAKPOINTS.lg;
  return (
    <header className="site-header">
      <div className="container header-top">
        <Link to="/" className="logo" aria-label="RLUSD Marketplace home">
          <LogoMark />
          <span className="logo-text">RLUSD Marketplace</span>
        </Link>
        {large && (
          <div className="header-search">
            <SearchField
              label="Search listings"
              placeholder="Search for items, brands, categories..."
              compact
              onSearch={(text) => navigate(marketplaceUrl({ search: text }))}
            />
          </div>
        )}
        <div className="header-actions">
          <Link to="/marketplace" className="btn btn-outline header-marketplace">
            <StoreIcon />
            Marketplace
          </Link>
          <SessionActions />
          {!large && (
            <Suspense fallback={<span className="btn-icon-placeholder" />}>
              <MobileMenu />
            </Suspense>
          )}
        </div>
      </div>
      {large && (
        <Suspense fallback={<div className="category-bar-placeholder" />}>
          <CategoryBar />
        </Suspense>
      )}
    </header>
  );
}
