import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LogoMark, StoreIcon } from '../../components/ui/icons';
import { SearchField } from '../../components/ui/search-field';
import { marketplaceUrl } from '../../lib/marketplace-url';
import { useViewportWidth } from '../../lib/use-viewport-width';
import { BREAKPOINTS } from './category-split';

// Each screen size needs only one of these (and their Radix code): load it when that size is in use.
const CategoryBar = lazy(() => import('./category-bar').then((m) => ({ default: m.CategoryBar })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/**
 * The site header for signed-out visitors. The right-hand actions area is where Connect Wallet, the cart and (signed in)
 * the account panel go once sign-in and cart exist; until then they are not shown (docs/decisions/003-web-shell.md).
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
