import { useRef, useState } from 'react';
import { ZIP_PATTERN } from '../../../../../shared/api/lookup';
import {
  RETURN_LABELS,
  SHIPPING_LABELS,
  SHIPPING_TYPES,
  type ShippingType,
} from '../../../../../shared/domain/listing';
import { lookupZip } from '../../../domains/lookup/api';
import { ApiError } from '../../../lib/api';
import type { StepProps } from '../lib/form-props';
import { WIZARD_RETURN_POLICIES } from '../lib/listing-form';
import { SelectField, TextField } from './field';

type ZipState = { kind: 'idle' | 'looking' | 'unknown' | 'failed' };

const ZIP_PROBLEMS: Partial<Record<ZipState['kind'], string>> = {
  unknown: 'ZIP code not found: enter the city and state.',
  failed: 'Could not look up the ZIP code: enter the city and state.',
};

export function ShippingStep({ form, set, errors, token }: StepProps & { token: string }) {
  const [zip, setZip] = useState<ZipState>({ kind: 'idle' });
  const looked = useRef('');

  /** City and state from a 5-digit ZIP: automatically on the 5th digit, on blur and by the button (spec part 3). */
  const lookUp = (value: string, force = false) => {
    if (!ZIP_PATTERN.test(value) || (!force && looked.current === value)) return;
    looked.current = value;
    setZip({ kind: 'looking' });
    lookupZip(token, value)
      .then((place) => {
        // A ZIP typed since then has its own lookup: this answer is stale.
        if (looked.current !== value) return;
        set('city', place.city);
        set('state', place.state);
        setZip({ kind: 'idle' });
      })
      .catch((error: unknown) => {
        if (looked.current !== value) return;
        setZip({ kind: error instanceof ApiError && error.status === 404 ? 'unknown' : 'failed' });
      });
  };

  return (
    <>
      <div className="form-grid">
        <SelectField
          id="shippingType"
          label="Shipping Type"
          value={form.shippingType}
          options={SHIPPING_TYPES.map((t) => [t, SHIPPING_LABELS[t]] as const)}
          onChange={(v) => set('shippingType', v as ShippingType)}
          error={errors.shippingType}
        />
        {form.shippingType === 'flat' && (
          <TextField
            id="shippingCost"
            label="Shipping Cost ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.shippingCost}
            onChange={(v) => set('shippingCost', v)}
            error={errors.shippingCost}
          />
        )}
        {(form.shippingType === 'calculated' || form.shippingType === 'flat') && (
          <div className="form-field checkbox-field">
            <label>
              <input
                type="checkbox"
                checked={form.localPickup}
                onChange={(e) => set('localPickup', e.target.checked)}
              />{' '}
              Also Offer Local Pickup
            </label>
          </div>
        )}
      </div>
      <fieldset className="form-grid location-fields">
        <legend className="field-label">Item location</legend>
        <div className="zip-row">
          <TextField
            id="zipCode"
            label="ZIP Code"
            required
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={form.zipCode}
            onChange={(v) => {
              const digits = v.replace(/\D/g, '').slice(0, 5);
              set('zipCode', digits);
              if (digits.length === 5) lookUp(digits);
              else if (looked.current) {
                looked.current = '';
                setZip({ kind: 'idle' });
              }
            }}
            onBlur={() => lookUp(form.zipCode)}
            error={errors.zipCode}
            // A failed lookup is mentioned only while city or state is empty: the seller types them then.
            hint={
              zip.kind === 'looking'
                ? 'Looking up city and state...'
                : !form.city || !form.state
                  ? ZIP_PROBLEMS[zip.kind]
                  : undefined
            }
          />
          <button
            type="button"
            className="btn btn-outline zip-button"
            disabled={!ZIP_PATTERN.test(form.zipCode) || zip.kind === 'looking'}
            onClick={() => lookUp(form.zipCode, true)}
          >
            Look up
          </button>
        </div>
        <TextField
          id="city"
          label="City"
          required
          placeholder="City"
          autoComplete="address-level2"
          value={form.city}
          onChange={(v) => set('city', v)}
          error={errors.city}
        />
        <TextField
          id="state"
          label="State"
          required
          placeholder="State"
          autoComplete="address-level1"
          maxLength={2}
          value={form.state}
          onChange={(v) =>
            set(
              'state',
              v
                .replace(/[^a-z]/gi, '')
                .toUpperCase()
                .slice(0, 2),
            )
          }
          error={errors.state}
        />
      </fieldset>
      <SelectField
        id="returnPolicy"
        label="Return Policy"
        value={form.returnPolicy}
        options={WIZARD_RETURN_POLICIES.map((p) => [p, RETURN_LABELS[p]] as const)}
        onChange={(v) => set('returnPolicy', v as typeof form.returnPolicy)}
        error={errors.returnPolicy}
      />
    </>
  );
}
