import type { ShippingQuoteView } from '../../../../../shared/api/orders';
import { formatUsd } from '../../../../../shared/domain/money';
import type { CartView } from '../../../domains/cart/cart-view';
import { CHECKOUT_TEXTS } from '../lib/checkout-toasts';
import { deliverySummary } from '../lib/delivery-summary';

export interface SummaryState {
  needsShipping: boolean;
  option: ShippingQuoteView['options'][number] | null;
  total: number;
  balanceKnown: boolean;
  balance: number;
  missingService: boolean;
  short: boolean;
  blocked: boolean;
  disabled: boolean;
  processing: boolean;
}

/** The order summary: lines, totals, the balance, the checkout button and why it is held. */
export function OrderSummary({ cart, state: s, onSubmit }: { cart: CartView; state: SummaryState; onSubmit(): void }) {
  return (
    <aside className="commerce-panel order-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading" className="commerce-heading">
        Order Summary
      </h2>
      <ul className="order-lines" aria-label="Summary of items">
        {cart.items
          .filter((l) => l.status !== 'unavailable')
          .map((l) => (
            <li key={l.listingId}>
              {l.title} × {l.quantity} — {formatUsd(l.lineTotalCents)}
            </li>
          ))}
      </ul>
      <dl className="totals">
        <div>
          <dt>Items</dt>
          <dd>{formatUsd(cart.itemsCents)}</dd>
        </div>
        {cart.shippingCents > 0 && (
          <div>
            <dt>Flat-rate shipping</dt>
            <dd>{formatUsd(cart.shippingCents)}</dd>
          </div>
        )}
        {s.needsShipping && (
          <div>
            <dt>Shipping service</dt>
            <dd>{s.option ? `${s.option.name}: ${formatUsd(s.option.costCents)}` : 'Not chosen'}</dd>
          </div>
        )}
        <div>
          <dt>Delivery</dt>
          <dd>{deliverySummary(cart, s.option?.estimatedDays ?? null)}</dd>
        </div>
        <div className="totals-total">
          <dt>Total</dt>
          <dd>{formatUsd(s.total)}</dd>
        </div>
        <div>
          <dt>Your balance</dt>
          <dd>{s.balanceKnown ? `${formatUsd(s.balance)} RLUSD` : '…'}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-primary btn-block" disabled={s.disabled} onClick={onSubmit}>
        {s.processing ? 'Processing...' : 'Create Escrow & Checkout'}
      </button>
      <div aria-live="polite">
        {s.missingService && (
          <p className="commerce-note commerce-note-warning">{CHECKOUT_TEXTS.selectShippingInline}</p>
        )}
        {s.short && (
          <p className="commerce-note commerce-note-danger">
            {CHECKOUT_TEXTS.insufficientInline(formatUsd(s.total - s.balance))}
          </p>
        )}
        {s.blocked && (
          <p className="commerce-note commerce-note-warning">Update or remove the items marked above to continue.</p>
        )}
      </div>
      <p className="commerce-note">
        Your payment is locked in an escrow on the XRP Ledger, one per seller, until the item is delivered or picked up.
      </p>
    </aside>
  );
}
