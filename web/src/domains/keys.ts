import type { ListListingsQuery } from '../../../shared/api/listings';
import type { MyBid } from '../../../shared/api/bids';
import type { AwaitingPaymentScope } from '../../../shared/api/orders';

/**
 * Every SWR key of the web, made here and only here (decision 047): one resource is cached under one key, whichever page
 * reads it, and a write or an event that changes it names the same key. A key is a tuple whose first element names the
 * resource; reads of a user's own data carry the user, so one account's copy never stands in for another's.
 */
export const keys = {
  /** What every page must know of the platform settings (decision 063); the General tab's full read, per admin. */
  publicSettings: () => ['public-settings'] as const,
  adminSettings: (userId: string) => ['admin-settings', userId] as const,
  /** A listing as this viewer may see it (the seller also gets the reserve and minimum offer). */
  listing: (listingId: string, viewer: string | null) => ['listing', listingId, viewer] as const,
  /** One page of browse results; equal queries share one request and cache entry. */
  listListings: (query: Partial<ListListingsQuery>) => ['listListings', query] as const,
  /** A calculated-shipping listing's estimate for this viewer and their saved address (its ZIP is the destination). */
  listingShippingEstimate: (listingId: string, userId: string, address: string) =>
    ['listing-shipping-estimate', listingId, userId, address] as const,
  myListings: (userId: string) => ['myListings', userId] as const,
  /** A store as this viewer sees it (a signed-in viewer also learns whether they follow it, decision 058). */
  store: (username: string, viewer: string | null) => ['store', username, viewer] as const,
  storeReviews: (username: string, cursor: string | null) => ['storeReviews', username, cursor] as const,

  /** An auction's bid history: the listing page, its live updates and the bid panel share the entry. */
  bids: (listingId: string) => ['bids', listingId] as const,
  myBids: (userId: string, status: MyBid['status'] | 'all', cursor: string | null) =>
    ['my-bids', userId, status, cursor] as const,

  /** One order as its buyer or seller reads it: the purchase page and the pay page share the entry. */
  order: (orderId: string, userId: string) => ['order', orderId, userId] as const,
  myOrders: (userId: string, role: 'buyer' | 'seller', cursor: string | null) =>
    ['my-orders', userId, role, cursor] as const,
  purchasesOfListing: (userId: string, listingId: string) => ['purchases-of-listing', userId, listingId] as const,
  salesOfListing: (userId: string, listingId: string) => ['sales-of-listing', userId, listingId] as const,
  /** The buyer's unpaid orders: won auctions (the cart) or all of them (My Activity's Pending). */
  awaitingPayment: (userId: string, scope: AwaitingPaymentScope) => ['awaiting-payment', userId, scope] as const,
  /** A won auction's shipping quote for the buyer's saved address. */
  orderShippingOptions: (orderId: string, address: string) => ['order-shipping-options', orderId, address] as const,
  /** The cart's shipping quote: for this cart, this address and this pickup choice. */
  shippingOptions: (userId: string, cart: string, address: string, pickup: string) =>
    ['shipping-options', userId, cart, address, pickup] as const,

  /** The user's seller settings (the portal's Settings tab, decision 057). */
  sellerSettings: (userId: string) => ['seller-settings', userId] as const,

  /** A page of the seller's return requests, newest first (decision 054). */
  myReturnRequests: (userId: string, cursor: string | null) => ['my-return-requests', userId, cursor] as const,

  /** The seller's Analytics over one range of days (decision 056). */
  sellerAnalytics: (userId: string, range: number) => ['seller-analytics', userId, range] as const,

  cart: (userId: string) => ['cart', userId] as const,
  profile: (userId: string) => ['profile', userId] as const,
  wishlist: (walletAddress: string) => ['wishlist', walletAddress] as const,
  walletBalances: (walletAddress: string) => ['wallet-balances', walletAddress] as const,

  unreadMessages: (userId: string) => ['unread-messages', userId] as const,
  conversations: (userId: string) => ['conversations', userId] as const,
  /** A page of one conversation's messages, older than `before` (null: the latest). */
  messages: (userId: string, conversationId: string, before: string | null) =>
    ['messages', userId, conversationId, before] as const,
  conversationOffers: (userId: string, conversationId: string) =>
    ['conversation-offers', userId, conversationId] as const,
  myOffers: (userId: string, cursor: string | null) => ['my-offers', userId, cursor] as const,

  notificationSummary: (userId: string) => ['notification-summary', userId] as const,
  notificationPages: (userId: string, cursor: string | null) => ['notification-pages', userId, cursor] as const,

  /** The admin portal's administrators and audit log pages (decision 062), as the administrator reading them. */
  adminRoles: (userId: string) => ['admin-roles', userId] as const,
  auditEntries: (userId: string, filter: { action: string; actor: string }, cursor: string | null) =>
    ['audit-entries', userId, filter.action, filter.actor, cursor] as const,
  /** The admin portal's XRPL Network and API keys tabs (decision 064). */
  adminNetwork: (userId: string) => ['admin-network', userId] as const,
  adminApiKeys: (userId: string) => ['admin-api-keys', userId] as const,
  /** The admin escrow monitor under one filter and search (decision 065). */
  escrowMonitor: (status: string, q: string) => ['escrowMonitor', status, q] as const,
  /** The admin portal's Cases tab (decision 068): the open cases, and one order's case. */
  adminCases: (userId: string) => ['admin-cases', userId] as const,
  adminCase: (userId: string, orderId: string) => ['admin-case', userId, orderId] as const,
};

/** The resource a key names (its first element). */
export type KeyName = ReturnType<(typeof keys)[keyof typeof keys]>[0];

/** Whether an SWR key is one of the named resources' (for mutate's key filter). */
export function isKeyOf(key: unknown, ...names: KeyName[]): key is readonly unknown[] {
  return Array.isArray(key) && (names as unknown[]).includes(key[0]);
}
