/**
 * Window events the header follows (spec part 1 "Header"): the wallet user changed (connect, account creation,
 * disconnect) and the seller status changed (settings saved).
 */
export const WALLET_USER_CHANGED = 'walletUserChanged';
export const SELLER_STATUS_CHANGED = 'sellerStatusChanged';

export interface WalletUserChangedDetail {
  /** The signed-in wallet, or null after a disconnect. */
  walletAddress: string | null;
}

export interface SellerStatusChangedDetail {
  isSeller: boolean;
}

export function dispatchWalletUserChanged(detail: WalletUserChangedDetail): void {
  window.dispatchEvent(new CustomEvent<WalletUserChangedDetail>(WALLET_USER_CHANGED, { detail }));
}

export function dispatchSellerStatusChanged(detail: SellerStatusChangedDetail): void {
  window.dispatchEvent(new CustomEvent<SellerStatusChangedDetail>(SELLER_STATUS_CHANGED, { detail }));
}

/** A page asks the header to open the Connect Wallet dialog (e.g. the wishlist's sign-in prompt). */
export const CONNECT_WALLET_REQUESTED = 'connectWalletRequested';

export function requestConnectWallet(): void {
  window.dispatchEvent(new Event(CONNECT_WALLET_REQUESTED));
}
