import '../../../styles/shipping-options.css';
import type { PickupSeller } from '../lib/pickup-choice';

export interface PickupChoiceProps {
  sellers: readonly PickupSeller[];
  chosen: ReadonlySet<string>;
  onChange(sellerId: string, pickup: boolean): void;
  disabled: boolean;
}

const place = (s: PickupSeller) => (s.location ? ` (${s.location.city}, ${s.location.state})` : '');

/**
 * Per seller whose items all offer it, shipping or local pickup (free: the buyer collects, and the escrow is released
 * on the seller's approval). The server checks the choice again.
 */
export function PickupChoice({ sellers, chosen, onChange, disabled }: PickupChoiceProps) {
  if (sellers.length === 0) return null;
  return (
    <section className="commerce-panel" aria-labelledby="pickup-choice-heading">
      <h2 id="pickup-choice-heading" className="commerce-heading">
        Shipping or Local Pickup
      </h2>
      {sellers.map((s) => (
        <fieldset key={s.sellerId} className="shipping-options pickup-choice" disabled={disabled}>
          <legend className="pickup-choice-seller">Items from {s.sellerName}</legend>
          <label className="shipping-option">
            <input
              type="radio"
              name={`pickup-${s.sellerId}`}
              checked={!chosen.has(s.sellerId)}
              onChange={() => onChange(s.sellerId, false)}
            />
            <span className="shipping-option-text">
              <span className="shipping-option-name">Ship to my address</span>
            </span>
          </label>
          <label className="shipping-option">
            <input
              type="radio"
              name={`pickup-${s.sellerId}`}
              checked={chosen.has(s.sellerId)}
              onChange={() => onChange(s.sellerId, true)}
            />
            <span className="shipping-option-text">
              <span className="shipping-option-name">Local pickup</span>
              <span className="commerce-note">
                Collect from {s.sellerName}
                {place(s)}
              </span>
            </span>
            <span className="shipping-option-cost">Free</span>
          </label>
        </fieldset>
      ))}
    </section>
  );
}
