import '../../styles/cart-lines.css';
import { Link } from 'react-router-dom';
import { SHIPPING_LABELS } from '../../../../shared/domain/listing';
import { formatUsd } from '../../../../shared/domain/money';
import { lineStatusNote, type CartLine } from './cart-view';
import { QuantityControl } from './quantity-control';
import { TrashIcon } from '../../components/ui/icons';

/** How a line ships, in words: flat rate with its cost per unit, the other types by name. */
export function lineShippingText(l: Pick<CartLine, 'shippingType' | 'shippingCostCents'>): string {
  if (l.shippingType === 'flat') return `${SHIPPING_LABELS.flat}: ${formatUsd(l.shippingCostCents)} each`;
  if (l.shippingType === 'calculated') return `${SHIPPING_LABELS.calculated} (chosen at checkout)`;
  return SHIPPING_LABELS[l.shippingType];
}

export interface CartLineItemProps {
  line: CartLine;
  busy: boolean;
  onQuantity(quantity: number): void;
  onRemove(): void;
}

/**
 * One cart line (spec part 2 "Cart page"): the item, its seller, how it ships, the local pickup marker, the quantity
 * control and the line total; a line the server marked unavailable or reduced says why it blocks checkout.
 */
export function CartLineItem({ line: l, busy, onQuantity, onRemove }: CartLineItemProps) {
  const note = lineStatusNote(l);
  const pickupPlace = l.sellerLocation?.city
    ? `${l.sellerLocation.city}${l.sellerLocation.state ? `, ${l.sellerLocation.state}` : ''}`
    : null;
  return (
    <li className={`cart-line${l.status === 'ok' ? '' : ' cart-line-blocked'}`}>
      <article className="cart-line-card" aria-label={l.title}>
        {l.imageUrl ? (
          <img className="cart-line-image" src={l.imageUrl} alt="" width={96} height={96} loading="lazy" />
        ) : (
          <div className="cart-line-image cart-line-noimage" aria-hidden>
            No Image
          </div>
        )}
        <div className="cart-line-body">
          <h3 className="cart-line-title">
            <Link to={`/item/${encodeURIComponent(l.listingId)}`}>{l.title}</Link>
          </h3>
          <p className="cart-line-meta">
            Sold by <strong>{l.sellerName}</strong>
          </p>
          <p className="cart-line-meta">
            {l.isLocalPickup ? (
              <>
                <span className="badge badge-primary">Local Pickup</span>
                {pickupPlace && <span className="cart-line-pickup"> Pick up in {pickupPlace}</span>}
              </>
            ) : (
              <>
                {lineShippingText(l)}
                {/* 'Also Offer Local Pickup': chosen per seller at checkout. */}
                {l.offersLocalPickup && ' · Local pickup available'}
              </>
            )}
          </p>
          <p className="cart-line-meta">
            {l.unitPriceCents !== null ? `${formatUsd(l.unitPriceCents)} each` : 'No price'}
          </p>
          {note && (
            <p className="cart-line-note" role="note">
              {note}
            </p>
          )}
        </div>
        <div className="cart-line-side">
          <p className="cart-line-total">
            <span className="sr-only">Line total: </span>
            {l.status === 'unavailable' ? '—' : formatUsd(l.lineTotalCents)}
          </p>
          {l.status !== 'unavailable' && (
            <QuantityControl
              title={l.title}
              value={l.quantity}
              max={Math.min(l.available, 999)}
              disabled={busy}
              onChange={onQuantity}
            />
          )}
          <button
            type="button"
            className="btn btn-ghost btn-sm cart-line-remove"
            disabled={busy}
            aria-label={`Remove ${l.title}`}
            onClick={onRemove}
          >
            <TrashIcon />
            Remove
          </button>
        </div>
      </article>
    </li>
  );
}
