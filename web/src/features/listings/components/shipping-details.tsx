import type { ListingDetail } from '../../../../../shared/api/listings';
import { RETURN_LABELS, SHIPPING_LABELS } from '../../../../../shared/domain/listing';
import { formatUsd } from '../../../../../shared/domain/money';

/** How the item ships, where it is and its return policy. */
export function ShippingDetails({ l }: { l: ListingDetail }) {
  const shipping =
    l.shippingType === 'flat' && l.shippingCostCents !== null
      ? `${SHIPPING_LABELS.flat}: ${formatUsd(l.shippingCostCents)}`
      : SHIPPING_LABELS[l.shippingType];
  return (
    <section className="panel" aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className="section-heading">
        Shipping and returns
      </h2>
      <dl className="detail-list">
        <div className="detail-row">
          <dt>Shipping</dt>
          <dd>
            {shipping}
            {l.localPickup && l.shippingType !== 'local' ? ' · Local pickup available' : ''}
          </dd>
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
