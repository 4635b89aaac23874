import { requestConnectWallet } from '../../lib/session/session-events';

/** In place of something only a signed-in user has (their wishlist, their bids): say so, and offer Connect Wallet. */
export function ConnectWalletPrompt({ title }: { title: string }) {
  return (
    <div className="status">
      <p className="status-title">{title}</p>
      <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
        Connect Wallet
      </button>
    </div>
  );
}
