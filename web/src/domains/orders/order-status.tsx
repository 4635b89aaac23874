import type { Order } from '../../../../shared/api/orders';
import { orderDate, shippingStatusLabel, shippingStatusTone } from './order-display';

/** The shipping status badge (pending, processing, shipped, delivered); its name says what it is. */
export function ShippingBadge({ status }: { status: Order['shippingStatus'] }) {
  return (
    <span className={`badge ${shippingStatusTone(status)}`.trim()}>
      <span className="sr-only">Shipping status: </span>
      {shippingStatusLabel(status)}
    </span>
  );
}

/** When the parcel is expected: the carrier's estimate once shipped, else the shipping service's days. */
export function expectedDelivery(o: Pick<Order, 'shipment' | 'shippingService' | 'isLocalPickup'>): string | null {
  if (o.isLocalPickup || o.shipment.deliveredAt) return null;
  if (o.shipment.estimatedDeliveryAt) return orderDate(o.shipment.estimatedDeliveryAt);
  return o.shippingService ? o.shippingService.estimatedDays : null;
}

/** The delivery row of an order's facts: delivered on (the carrier's time), or expected; null when nothing is known. */
export function deliveryFact(
  o: Pick<Order, 'shipment' | 'shippingService' | 'isLocalPickup'>,
): [string, string] | null {
  if (o.isLocalPickup) return null;
  if (o.shipment.deliveredAt) return ['Delivered on', orderDate(o.shipment.deliveredAt)];
  const expected = expectedDelivery(o);
  return expected ? ['Expected delivery', expected] : null;
}

/**
 * The parcel's facts for an order's `<dl>`: tracking number and expected (or actual) delivery once shipped (a carrier
 * order only). `labelSuffix` matches the list's style (the activity cards end their terms with ':').
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
  const delivery = deliveryFact(o);
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
            {delivery[0]}
            {labelSuffix}
          </dt>
          <dd>{delivery[1]}</dd>
        </div>
      )}
    </>
  );
}
