import type { Order } from '../../../shared/api/orders';
import { orderDate, shippingStatusLabel, shippingStatusTone } from '../lib/orders/orders';

/** The shipping status badge (pending, processing, shipped, delivered); its name says what it is. */
export function ShippingBadge({ status }: { status: Order['shippingStatus'] }) {
  return (
    <span className={`badge ${shippingStatusTone(status)}`.trim()}>
      <span className="sr-only">Shipping status: </span>
      {shippingStatusLabel(status)}
    </span>
  );
}

/** When the parcel is expected, or arrived: the carrier's dates, else the shipping service's estimate. */
export function deliveryText(o: Pick<Order, 'shipment' | 'shippingService' | 'isLocalPickup'>): string | null {
  if (o.isLocalPickup) return null;
  if (o.shipment.deliveredAt) return `Delivered ${orderDate(o.shipment.deliveredAt)}`;
  if (o.shipment.estimatedDeliveryAt) return orderDate(o.shipment.estimatedDeliveryAt);
  return o.shippingService ? o.shippingService.estimatedDays : null;
}

/**
 * The parcel's facts for an order's `<dl>`: tracking number and expected delivery once shipped (a carrier order only).
 * `labelSuffix` matches the list's style (the activity cards end their terms with ':').
 */
export function ShipmentFacts({
  order: o,
  labelSuffix = '',
  rowClassName,
}: {
  order: Order;
  labelSuffix?: string;
  rowClassName?: string;
}) {
  if (o.isLocalPickup || !o.shipment.trackingNumber) return null;
  const delivery = deliveryText(o);
  return (
    <>
      <div className={rowClassName}>
        <dt>Tracking number{labelSuffix}</dt>
        <dd>
          <span className="tracking-number">{o.shipment.trackingNumber}</span>
        </dd>
      </div>
      {delivery && (
        <div className={rowClassName}>
          <dt>
            {o.shipment.deliveredAt ? 'Delivery' : 'Expected delivery'}
            {labelSuffix}
          </dt>
          <dd>{delivery}</dd>
        </div>
      )}
    </>
  );
}
