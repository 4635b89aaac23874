import { Link } from 'react-router-dom';
import type { ListingDetail } from '../../../../../shared/api/listings';
import { RETURN_LABELS, SHIPPING_LABELS } from '../../../../../shared/domain/listing';
import { formatUsd } from '../../../../../shared/domain/money';
import { useShippingEstimate, type ShippingEstimateState } from '../lib/use-shipping-estimate';

/** What the Shipping row says for calculated shipping: the estimate, while it loads, or why there is none. */
function CalculatedShipping({ state, pickup }: { state: ShippingEstimateState; pickup: string }) {
  const label = SHIPPING_LABELS.calculated + pickup;
  switch (state.kind) {
    case 'none':
      return <>{label}</>;
    case 'sign-in':
      return (
        <>
          {label}
          <span className="shipping-estimate-note">Sign in to see a shipping estimate</span>
        </>
      );
    case 'loading':
      return (
        <>
          {label}
          <span className="shipping-estimate-note" role="status">
            Estimating shipping…
          </span>
        </>
      );
    case 'quoted': {
      const e = state.estimate;
      return (
        <>
          {`${SHIPPING_LABELS.calculated}: ${formatUsd(e.costCents)} (estimate)${pickup}`}
          <span className="shipping-estimate-note">
            {e.serviceName ? `${e.serviceName} to ZIP ${e.toZip}` : `To ZIP ${e.toZip}`}
            {e.toDefaultZip && (
              <>
                {' · '}
                <Link to="/settings">Add your address</Link> for an estimate to you
              </>
            )}
          </span>
        </>
      );
    }
    case 'fallback':
      return (
        <>
          {`${SHIPPING_LABELS.calculated}: ${formatUsd(state.costCents)} (estimate)${pickup}`}
          <span className="shipping-estimate-note" role="status">
            Live carrier rates are unavailable right now
          </span>
        </>
      );
  }
}

/** How the item ships (with the shipping estimate for calculated shipping), where it is and its return policy. */
export function ShippingDetails({ l }: { l: ListingDetail }) {
  const estimate = useShippingEstimate(l);
  const pickup = l.localPickup && l.shippingType !== 'local' ? ' · Local pickup available' : '';
  const shipping =
    l.shippingType === 'calculated' ? (
      <CalculatedShipping state={estimate} pickup={pickup} />
    ) : l.shippingType === 'flat' && l.shippingCostCents !== null ? (
      `${SHIPPING_LABELS.flat}: ${formatUsd(l.shippingCostCents)}${pickup}`
    ) : (
      `${SHIPPING_LABELS[l.shippingType]}${pickup}`
    );
  return (
    <section className="panel" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className="section-heading">
        Shipping and returns
      </h2>
      <dl className="detail-list">
        <div className="detail-row">
          <dt>Shipping</dt>
          <dd>{shipping}</dd>
        </div>
        {l.location && (
          <div className="detail-row">
            <dt>Item location</dt>
            <dd>
              {l.location.city}, {l.location.state}
            </dd>
          </div>
        )}
        <div className="detail-row">
          <dt>Returns</dt>
          <dd>{RETURN_LABELS[l.returnPolicy]}</dd>
        </div>
      </dl>
    </section>
  );
}
