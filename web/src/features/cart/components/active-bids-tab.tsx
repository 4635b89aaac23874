import { Link } from 'react-router-dom';
import { MyBidList } from '../../../components/my-bid-list';
import { PageLoading } from '../../../components/ui/page-loading';
import type { MyBidsState } from '../../../lib/my-bids';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useOptionalSession } from '../../../lib/session/session-context';

/** The cart's Active Bids tab (spec part 2 "Cart page"): the auctions the user is still in, winning or outbid. */
export function ActiveBidsTab({ bids }: { bids: MyBidsState }) {
  const session = useOptionalSession();
  if (session?.status === 'loading') return <PageLoading />;
  if (!session?.token) {
    return (
      <div className="status">
        <p className="status-title">Connect your wallet to see your bids</p>
        <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
          Connect Wallet
        </button>
      </div>
    );
  }
  return (
    <MyBidList
      bids={bids}
      label="Your active bids"
      empty={
        <div className="status">
          <p className="status-title">No active bids</p>
          <p>Auctions you are bidding on show here until they end.</p>
          <Link to="/marketplace" className="btn btn-outline">
            Browse Marketplace
          </Link>
        </div>
      }
    />
  );
}
