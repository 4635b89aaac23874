import '../../../styles/signing.css';
import '../../../styles/shipping-options.css';
import type { ShippingQuoteView } from '../../../../../shared/api/orders';
import { formatUsd } from '../../../../../shared/domain/money';
import { LoadFailed } from '../../../components/ui/load-failed';

export interface ShippingPickerProps {
  quote: ShippingQuoteView | null | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  selected: string | null;
  onSelect(optionId: string): void;
  disabled: boolean;
}

const SOURCE_NOTES: Record<ShippingQuoteView['source'], string> = {
  carrier: 'Live FedEx rates for your address.',
  estimated: 'Estimated rates: FedEx did not answer, so these are estimates.',
  standard: 'Standard shipping: rates could not be looked up for this address.',
};

/** The shipping service picker (spec part 2 "Checkout"): one option for the calculated-shipping items of the cart. */
export function ShippingPicker({ quote, loading, failed, onRetry, selected, onSelect, disabled }: ShippingPickerProps) {
  return (
    <section className="commerce-panel" aria-labelledby="shipping-service-heading">
      <h2 id="shipping-service-heading" className="commerce-heading">
        Shipping Service
      </h2>
      {failed && !quote ? (
        <LoadFailed title="Failed to load shipping options" outline onRetry={onRetry} />
      ) : loading || !quote ? (
        <p className="signing-status" role="status">
          <span className="spinner" aria-hidden />
          Loading shipping rates...
        </p>
      ) : (
        <>
          <fieldset className="shipping-options" disabled={disabled}>
            <legend className="sr-only">Choose a shipping service</legend>
            {quote.options.map((o) => (
              <label key={o.id} className="shipping-option">
                <input
                  type="radio"
                  name="shipping-service"
                  value={o.id}
                  checked={selected === o.id}
                  onChange={() => onSelect(o.id)}
                />
                <span className="shipping-option-text">
                  <span className="shipping-option-name">{o.name}</span>
                  <span className="commerce-note">
                    {o.estimatedDays}
                    {o.description && o.description !== o.name ? ` · ${o.description}` : ''}
                  </span>
                </span>
                <span className="shipping-option-cost">{formatUsd(o.costCents)}</span>
              </label>
            ))}
          </fieldset>
          <p className="commerce-note">{SOURCE_NOTES[quote.source]}</p>
        </>
      )}
    </section>
  );
}
