import '../styles/commerce.css';
import '../styles/signing.css';
import '../styles/shipping-options.css';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Order } from '../../../shared/api/orders';
import type { ShippingOption } from '../../../shared/domain/shipping';
import { formatUsd } from '../../../shared/domain/money';
import { getLabelRates } from '../domains/orders/api';
import { ApiError } from '../lib/api-error';
import { LoadFailed } from './ui/load-failed';

type Rates =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; options: ShippingOption[] };

/**
 * The seller's default way to ship (decision 039): a FedEx label bought here. The carrier's services for the order's
 * box, from the seller's address to the buyer's; the one chosen is paid with the platform fee in one payment, at the
 * price the server quotes then. A refused quote (no address in Settings, say) says why.
 */
export function LabelPicker({
  order: o,
  token,
  busyText,
  onBuy,
}: {
  order: Order;
  token: string;
  busyText: string | null;
  onBuy(serviceType: string): void;
}) {
  const [rates, setRates] = useState<Rates>({ state: 'loading' });
  const [selected, setSelected] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    setRates({ state: 'loading' });
    getLabelRates(token, o.id, controller.signal)
      .then(({ options }) => {
        setRates({ state: 'ready', options });
        setSelected((current) => current ?? options[0]?.id ?? null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const known = error instanceof ApiError && error.status < 500 && error.code !== 'bad_response';
        setRates({ state: 'failed', message: known ? error.message : 'Failed to load FedEx rates' });
      });
    return () => controller.abort();
  }, [o.id, token, attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busyText || !selected) return;
    onBuy(selected);
  };
  const headingId = `label-heading-${o.id}`;
  return (
    <section className="label-picker" aria-labelledby={headingId}>
      <h3 id={headingId} className="label-picker-heading">
        Buy a FedEx label here
      </h3>
      {rates.state === 'loading' && (
        <p className="signing-status" role="status">
          <span className="spinner" aria-hidden />
          Loading FedEx rates...
        </p>
      )}
      {rates.state === 'failed' && <LoadFailed title={rates.message} outline onRetry={retry} />}
      {rates.state === 'ready' && rates.options.length === 0 && (
        <p className="seller-actions-text">FedEx offers no service for this parcel. Enter a tracking number instead.</p>
      )}
      {rates.state === 'ready' && rates.options.length > 0 && (
        <form noValidate onSubmit={submit} aria-label={`Buy a label: ${o.lines.map((l) => l.title).join(', ')}`}>
          <fieldset className="shipping-options" disabled={busyText !== null}>
            <legend className="sr-only">Choose a FedEx service</legend>
            {rates.options.map((r) => (
              <label key={r.id} className="shipping-option">
                <input
                  type="radio"
                  name={`label-service-${o.id}`}
                  value={r.id}
                  checked={selected === r.id}
                  onChange={() => setSelected(r.id)}
                />
                <span className="shipping-option-text">
                  <span className="shipping-option-name">{r.name}</span>
                  <span className="commerce-note">{r.estimatedDays}</span>
                </span>
                <span className="shipping-option-cost">{formatUsd(r.costCents)}</span>
              </label>
            ))}
          </fieldset>
          <p className="commerce-note">
            Paid with the platform fee in one payment from your wallet. The label goes from your address in Settings to
            the buyer, and the escrow is released when FedEx delivers it.
          </p>
          <button type="submit" className="btn btn-primary" aria-disabled={busyText !== null || undefined}>
            {busyText ?? 'Buy Label'}
          </button>
        </form>
      )}
    </section>
  );
}
