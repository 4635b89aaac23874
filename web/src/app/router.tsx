import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppShell } from './shell/app-shell';
import { RouteError } from './routes/route-error';

/**
 * A page as its own chunk, loaded on first use. React.lazy (rather than the router's `lazy`) keeps the shell mounted
 * while the first page loads: the shell's Suspense shows a spinner in <main>, and later navigations run in a transition
 * that keeps the current page on screen until the next one is ready.
 */
function page<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/** The route table of the web app. Routes of later features are added when they work. */
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: page(() => import('../features/listings/routes/home-page'), 'HomePage') },
      {
        path: 'marketplace',
        Component: page(() => import('../features/listings/routes/marketplace-page'), 'MarketplacePage'),
      },
      {
        path: 'item/:id',
        Component: page(() => import('../features/listings/routes/listing-page'), 'ListingPage'),
      },
      { path: 'login', Component: page(() => import('./routes/login-page'), 'LoginPage') },
      { path: 'cart', Component: page(() => import('../features/cart/routes/cart-page'), 'CartPage') },
      {
        path: 'checkout',
        Component: page(() => import('../features/checkout/routes/checkout-page'), 'CheckoutPage'),
      },
      { path: 'pay/:orderId', Component: page(() => import('../features/checkout/routes/pay-page'), 'PayPage') },
      {
        path: 'activity',
        Component: page(() => import('../features/activity/routes/activity-page'), 'ActivityPage'),
      },
      {
        path: 'purchased/:id',
        Component: page(() => import('../features/purchases/routes/purchase-page'), 'PurchasePage'),
      },
      { path: 'user/:username', Component: page(() => import('../features/store/routes/store-page'), 'StorePage') },
      {
        path: 'profile/:username',
        Component: page(() => import('../features/store/routes/store-page'), 'ProfileRedirect'),
      },
      { path: 'sell', Component: page(() => import('../features/sell/routes/sell-page'), 'SellPage') },
      { path: 'wallet', Component: page(() => import('../features/wallet/routes/wallet-page'), 'WalletPage') },
      { path: 'settings', Component: page(() => import('../features/settings/routes/settings-page'), 'SettingsPage') },
      {
        path: 'wishlist',
        Component: page(() => import('../features/wishlist/routes/wishlist-page'), 'WishlistPage'),
      },
      {
        path: 'notifications',
        Component: page(() => import('../features/notifications/routes/notifications-page'), 'NotificationsPage'),
      },
      {
        path: 'messages',
        Component: page(() => import('../features/messages/routes/messages-page'), 'MessagesPage'),
      },
      {
        path: 'seller-portal',
        Component: page(() => import('../features/seller-portal/routes/seller-portal-page'), 'SellerPortalPage'),
      },
      { path: 'admin', Component: page(() => import('../features/admin/routes/admin-page'), 'AdminPage') },
      { path: '*', Component: page(() => import('./routes/not-found-page'), 'NotFoundPage') },
    ],
  },
];
