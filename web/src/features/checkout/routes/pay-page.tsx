import '../../../styles/commerce.css';
import '../../../styles/shipping-options.css';
import '../../../styles/auction-orders.css';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { Order } from '../../../../../shared/api/orders';
import { formatAddress } from '../../../../../shared/domain/address';
import { formatUsd } from '../../../../../shared/domain/money';
import type { CurrentUser } from '../../../../../shared/api/auth';
import { EscrowSigningDialog } from '../../../components/escrow-signing-dialog';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api';
import { payByText } from '../../../domains/auctions/api';
import { isKeyOf } from '../../../domains/keys';
import { payAuctionOrder } from '../../../domains/orders/api';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useSession } from '../../../lib/session/session-context';
import { PickupChoice } from '../components/pickup-choice';
import { ShippingPicker } from '../components/shipping-picker';
import { CHECKOUT_TEXTS } from '../lib/checkout-toasts';
import { usePayOrder } from '../lib/use-pay-order';
import { useOrderRunner } from '../lib/use-checkout-runner';

function Page({ children }: { children: React.ReactNode }) {
  return (
    <div className="container commerce-page">
      <h1 className="page-title">Pay for Your Won Item</h1>
      {children}
    </div>
  );
}

/** Why this order can't be paid here any more, or null while it can. */
function closedText(o: Order): string | null {
  if (o.status === 'cancelled') return 'The 48 hours to pay for this item have passed.';
  if (o.status !== 'awaiting_payment' && o.status !== 'awaiting_signature') return 'This item is paid into escrow.';
  return null;
}

function Pay({ orderId, user, token }: { orderId: string; user: CurrentUser; token: string }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const p = usePayOrder(orderId, user, token);
  const runner = useOrderRunner({
    token,
    userId: user.id,
    onRefused: (error) => {
      if (error instanceof ApiError && ['price_changed', 'shipping_changed'].includes(error.code)) {
        p.setChoice(null);
        void p.quote.mutate();
        void p.listing.mutate();
      }
      void p.order.mutate();
    },
    onFinished: (funded) => {
      void mutate((key) => isKeyOf(key, 'awaiting-payment'));
      void p.balances.mutate();
      if (funded > 0) navigate('/activity');
      else void p.order.mutate();
    },
  });

  const o = p.order.data;
  if (p.order.error instanceof ApiError && p.order.error.status === 404) {
    return (
      <Page>
        <div className="status" role="alert">
          <p className="status-title">Order not found</p>
          <Link to="/cart" className="btn btn-primary">
            Back to Cart
          </Link>
        </div>
      </Page>
    );
  }
  if (p.order.error) {
    return (
      <Page>
        <LoadFailed title="Failed to load the order" onRetry={() => void p.order.mutate()} />
      </Page>
    );
  }
  if (!o) return <PageLoading text="Loading your order..." />;
  const closed = closedText(o);
  if (closed) {
    return (
      <Page>
        <div className="status" role="status">
          <p className="status-title">{closed}</p>
          <Link to="/activity" className="btn btn-primary">
            Go to My Activity
          </Link>
        </div>
      </Page>
    );
  }

  const line = o.lines[0]!;
  const signing = o.status === 'awaiting_signature';
  const missingService = p.calculated && !p.option;
  const short = p.balanceKnown && p.balanceCents < (signing ? o.totalCents : p.totalCents);
  const ready = signing || (!!p.listing.data && (!p.calculated || !!p.quote.data));
  const submit = () =>
    void runner.run(async (signal) => {
      if (signing) return [o];
      const shipping =
        p.option && p.quote.data?.quote ? { quoteId: p.quote.data.quote.quoteId, optionId: p.option.id } : null;
      const paying = await payAuctionOrder(
        token,
        orderId,
        { shipping, expectedTotalCents: p.totalCents, localPickup: p.collected },
        signal,
      );
      return [paying];
    });

  return (
    <Page>
      <div className="commerce-layout">
        <div className="commerce-main">
          <section className="commerce-panel" aria-labelledby="pay-item-heading">
            <h2 id="pay-item-heading" className="commerce-heading">
              {line.title}
            </h2>
            <p className="commerce-note">
              {o.auction?.round === 'second_chance' ? 'Second chance offer' : 'You won this auction'} from{' '}
              <strong>{o.seller.username}</strong> at <strong>{formatUsd(line.unitPriceCents)}</strong>. {payByText(o)}.
            </p>
          </section>
          <section className="commerce-panel" aria-labelledby="pay-delivery-heading">
            <h2 id="pay-delivery-heading" className="commerce-heading">
              Delivery Address
            </h2>
            {o.isLocalPickup || (p.collected && !signing) ? (
              <p className="commerce-note">Collected from the seller (local pickup).</p>
            ) : p.profile.data?.address ? (
              <address className="delivery-address">{formatAddress(p.profile.data.address)}</address>
            ) : p.profile.data || p.profile.error ? (
              <p className="commerce-note commerce-note-warning">
                {CHECKOUT_TEXTS.noAddress} <Link to="/settings">Profile Settings</Link>
              </p>
            ) : (
              <p className="commerce-note">Loading your address...</p>
            )}
          </section>
          {p.offersPickup && !signing && (
            <PickupChoice
              sellers={[
                { sellerId: o.seller.id, sellerName: o.seller.username, location: p.listing.data?.location ?? null },
              ]}
              chosen={new Set(p.collected ? [o.seller.id] : [])}
              onChange={(_, pickup) => p.setPickup(pickup)}
              disabled={runner.processing}
            />
          )}
          {p.calculated && !signing && (
            <ShippingPicker
              quote={p.quote.data?.quote}
              loading={p.quote.isLoading}
              failed={p.quote.error !== undefined}
              onRetry={() => void p.quote.mutate()}
              selected={p.choice}
              onSelect={p.setChoice}
              disabled={runner.processing}
            />
          )}
        </div>
        <aside className="commerce-panel order-summary" aria-labelledby="pay-summary-heading">
          <h2 id="pay-summary-heading" className="commerce-heading">
            Order Summary
          </h2>
          <dl className="totals">
            <div>
              <dt>Winning bid</dt>
              <dd>{formatUsd(o.itemsCents)}</dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd>
                {signing ? formatUsd(o.shippingCents) : missingService ? 'Not chosen' : formatUsd(p.shippingCents)}
              </dd>
            </div>
            <div className="totals-total">
              <dt>Total</dt>
              <dd>{formatUsd(signing ? o.totalCents : p.totalCents)}</dd>
            </div>
            <div>
              <dt>Your balance</dt>
              <dd>{p.balanceKnown ? `${formatUsd(p.balanceCents)} RLUSD` : '…'}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={runner.processing || !ready || missingService || short || !p.balanceKnown}
            onClick={submit}
          >
            {runner.processing ? 'Processing...' : signing ? 'Approve Escrow' : 'Pay into Escrow'}
          </button>
          <div aria-live="polite">
            {missingService && !signing && (
              <p className="commerce-note commerce-note-warning">{CHECKOUT_TEXTS.selectShippingInline}</p>
            )}
            {short && (
              <p className="commerce-note commerce-note-danger">
                {CHECKOUT_TEXTS.insufficientInline(formatUsd((signing ? o.totalCents : p.totalCents) - p.balanceCents))}
              </p>
            )}
          </div>
          <p className="commerce-note">
            Your payment is locked in an escrow on the XRP Ledger until the item is delivered or picked up.
          </p>
        </aside>
      </div>
      {runner.step && <EscrowSigningDialog step={runner.step} />}
    </Page>
  );
}

/** /pay/{orderId}: the winner (or runner-up) of an auction pays through the escrow checkout (decision 029). */
export function PayPage() {
  const { orderId = '' } = useParams();
  const { status, user, token } = useSession();
  if (status === 'loading') return <PageLoading text="Loading your order..." />;
  if (!user || !token) {
    return (
      <Page>
        <div className="status">
          <p className="status-title">Connect your wallet to pay for your won item</p>
          <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
            Connect Wallet
          </button>
        </div>
      </Page>
    );
  }
  if (!/^[0-9A-Za-z]{1,64}$/.test(orderId)) {
    return (
      <Page>
        <p className="status-title">Order not found</p>
      </Page>
    );
  }
  return <Pay orderId={orderId} user={user} token={token} />;
}
