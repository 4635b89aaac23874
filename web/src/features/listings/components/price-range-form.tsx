import { useId, useState, type FormEvent } from 'react';
import type { Cents } from '../../../../../shared/domain/money';
import { checkPriceRange, dollarsText } from '../lib/marketplace-params';

/**
 * Min and max price in dollars (step 0.01), applied on Enter or 'Apply' rather than per keystroke, so typing "150" does
 * not push three history entries. The parent remounts it (key) when the URL's range changes, e.g. on Back.
 */
export function PriceRangeForm({
  minPriceCents,
  maxPriceCents,
  onApply,
}: {
  minPriceCents: Cents | undefined;
  maxPriceCents: Cents | undefined;
  onApply(range: { minPriceCents: Cents | undefined; maxPriceCents: Cents | undefined }): void;
}) {
  const id = useId();
  const [min, setMin] = useState(minPriceCents === undefined ? '' : dollarsText(minPriceCents));
  const [max, setMax] = useState(maxPriceCents === undefined ? '' : dollarsText(maxPriceCents));
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkPriceRange(min, max);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    onApply({ minPriceCents: checked.minPriceCents, maxPriceCents: checked.maxPriceCents });
  };

  const field = (which: 'min' | 'max', label: string, value: string, set: (v: string) => void) => {
    const error = errors[which];
    return (
      <div className="price-range-field">
        <label htmlFor={`${id}-${which}`} className="field-label">
          {label}
        </label>
        <div className="price-input">
          <span className="price-input-prefix" aria-hidden>
            $
          </span>
          <input
            id={`${id}-${which}`}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder={which === 'min' ? '0' : 'Any'}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-${which}-error` : undefined}
            onChange={(e) => set(e.target.value)}
          />
        </div>
        {error && (
          <p id={`${id}-${which}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="price-range" onSubmit={submit} noValidate>
      <fieldset className="price-range-fieldset">
        <legend className="field-label">Price range</legend>
        <div className="price-range-inputs">
          {field('min', 'Min price', min, setMin)}
          {field('max', 'Max price', max, setMax)}
          <button type="submit" className="btn btn-outline">
            Apply
          </button>
        </div>
      </fieldset>
    </form>
  );
}
