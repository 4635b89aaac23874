import { ConnectWalletPrompt } from '../../../domains/wallet/connect-wallet-prompt';
import { MyBidList } from '../../../domains/bids/my-bid-list';
import { PageLoading } from '../../../components/ui/page-loading';
import type { MyBidsState } from '../../../domains/bids/api';
import { useOptionalSession } from '../../../lib/session/session-context';

/** The cart's Active Bids tab (spec part 2 "Cart page"): the auctions the user is still in, winning or outbid. */
export function ActiveBidsTab({ bids }: { bids: MyBidsState }) {
  const session = useOptionalSession();
  if (session?.status === 'loading') return <PageLoading />;
  if (!session?.token) return <ConnectWalletPrompt title="Connect your wallet to see your bids" />;
  return (
    <MyBidList
      bids={bids}
      label="Your active bids"
      empty={{ title: 'No active bids', text: 'Auctions you are bidding on show here until they end.' }}
    />
  );
}
