import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { PageLoading } from '../../components/ui/page-loading';
import { SiteBanners } from '../../domains/platform-settings/site-banners';
import { SessionProvider } from '../../lib/session/session-context';
import { Footer } from './footer';
import { Header } from './header';

// Mounted right after the first render from its own chunk; `toast()` callers import the same module, so they share it.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * After moving to another page, put keyboard and screen-reader focus at the start of the new content (as a full page load
 * would), instead of leaving it on a link that may no longer exist. Query changes within a page keep focus where it is.
 */
function useFocusMainOnPageChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** Landmarks and chrome around every page (skip link, header, main, footer, toasts), inside the wallet session. */
export function AppShell() {
  useFocusMainOnPageChange();
  return (
    <SessionProvider>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <SiteBanners />
      <main id="main" tabIndex={-1} className="site-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Toaster position="bottom-right" closeButton richColors />
      </Suspense>
      <ScrollRestoration />
    </SessionProvider>
  );
}
