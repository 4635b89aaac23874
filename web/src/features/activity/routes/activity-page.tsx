import '../../../styles/commerce.css';
import '../../../styles/order-list.css';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../../../../shared/api/auth';
import { userTopic, type SocketEvent } from '../../../../../shared/events';
import { EscrowSigningDialog } from '../../../components/escrow-signing-dialog';
import { MyBidList } from '../../../domains/bids/my-bid-list';
import { PageLoading } from '../../../components/ui/page-loading';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { myBidsCount, useMyBids } from '../../../domains/bids/api';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useTabParam } from '../../../lib/use-tab-param';
import { useSession } from '../../../lib/session/session-context';
import { useWalletBalances } from '../../../domains/wallet/api';
import { ReturnRequests } from '../../../domains/returns/return-requests';
import { MyOfferList } from '../components/offer-list';
import { useMyOrders } from '../../../domains/orders/api';
import { OrderList, orderCount } from '../../../domains/orders/order-list';
import { myOffersCount, useMyOffers } from '../../../domains/offers/api';
import { useResumeSigning } from '../lib/use-resume-signing';
import { useAwaitingPayment } from '../../../domains/auctions/api';
import { useWishlist } from '../../../domains/wishlist/api';
import { Watchlist, watchlistCount } from '../components/watchlist';
import { PendingOrders, pendingCount } from '../components/pending-orders';

type Tab = 'bids' | 'offers' | 'purchases' | 'sales' | 'watchlist' | 'pending';

function Activity({ user, token }: { user: CurrentUser; token: string }) {
  const purchases = useMyOrders(user.id, token, 'buyer');
  const sales = useMyOrders(user.id, token, 'seller', user.isSeller);
  const bids = useMyBids({ userId: user.id, token });
  const offers = useMyOffers(user.id, token);
  const watchlist = useWishlist();
  const pending = useAwaitingPayment(token, user.id, 'all');
  // The header's balance chip shares this entry: read again once an escrow is signed.
  const wallet = useWalletBalances({ token, walletAddress: user.walletAddress });
  // Orders move (signed, funded, cancelled) on the user's topic: read the lists again; after a reconnect too.
  const refresh = () => {
    void purchases.mutate();
    void pending.mutate();
    if (user.isSeller) void sales.mutate();
  };
  // Being outbid arrives as a 'bid' notification on the same topic: the Bids tab reads again; an offer made, answered,
  // expired or declined, the Offers tab.
  const onEvent = (event: SocketEvent) => {
    if (event.type === 'order.updated') refresh();
    if (event.type === 'notification.created' && event.data.notification.type === 'bid') void bids.mutate();
    if (event.type === 'offer.updated') void offers.mutate();
  };
  useTopic(userTopic(user.id), onEvent, {
    onSubscribed: () => {
      refresh();
      void bids.mutate();
      void offers.mutate();
    },
  });
  const signing = useResumeSigning(token, user.id, () => {
    refresh();
    void wallet.mutate();
  });

  const tabs: TabItem<Tab>[] = [
    { id: 'bids', label: 'Bids', count: myBidsCount(bids.data) },
    { id: 'offers', label: 'Offers', count: myOffersCount(offers.data) },
    { id: 'purchases', label: 'Purchases', count: orderCount(purchases.data) },
    ...(user.isSeller ? [{ id: 'sales' as const, label: 'Sales', count: orderCount(sales.data) }] : []),
    { id: 'watchlist', label: 'Watchlist', count: watchlistCount(watchlist) },
    { id: 'pending', label: 'Pending', count: pendingCount(pending) },
  ];
  const [tab, select] = useTabParam(
    tabs.map((t) => t.id),
    'purchases',
  );

  return (
    <div className="container commerce-page">
      <h1 className="page-title">My Activity</h1>
      <Tabs label="Activity sections" tabs={tabs} selected={tab} onSelect={select} className="commerce-tabs">
        {tab === 'bids' ? (
          <MyBidList
            bids={bids}
            label="Your bids"
            empty={{ title: 'No bids yet', text: 'Auctions you bid on show here.' }}
          />
        ) : tab === 'offers' ? (
          <MyOfferList offers={offers} />
        ) : tab === 'purchases' ? (
          <OrderList
            role="buyer"
            orders={purchases}
            onApprove={(o) => void signing.start(o)}
            approving={signing.busy !== null}
            onChanged={refresh}
          />
        ) : tab === 'sales' ? (
          <>
            <ReturnRequests userId={user.id} token={token} />
            <OrderList role="seller" orders={sales} onChanged={refresh} />
          </>
        ) : tab === 'watchlist' ? (
          <Watchlist wishlist={watchlist} />
        ) : (
          <PendingOrders
            pending={pending}
            onApprove={(o) => void signing.start(o)}
            approving={signing.busy !== null}
            onChanged={refresh}
          />
        )}
      </Tabs>
      {signing.step && <EscrowSigningDialog step={signing.step} />}
    </div>
  );
}

/**
 * /activity (spec part 3 "My Activity"): sign-in required, else a message with Go Home. Watchlist and Pending, coming
 * soon in the spec, are the saved items and the orders still to pay or sign (decision 060).
 */
export function ActivityPage() {
  const { status, user, token } = useSession();
  if (status === 'loading') return <PageLoading />;
  if (!user || !token) {
    return (
      <div className="container commerce-page">
        <h1 className="page-title">My Activity</h1>
        <div className="status">
          <p className="status-title">Connect your wallet to see your activity</p>
          <Link to="/" className="btn btn-primary">
            Go Home
          </Link>
        </div>
      </div>
    );
  }
  return <Activity user={user} token={token} />;
}
