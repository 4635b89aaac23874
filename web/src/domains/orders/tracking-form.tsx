import '../../styles/orders.css';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorProps, FormField } from '../../components/ui/form-field';
import { checkTrackingNumber, SELLER_TEXTS, TRACKING_MAX_LENGTH } from '../../lib/orders/seller-actions';

/**
 * A FedEx tracking number, checked as the server checks it before `onSubmit` gets it: the seller's parcel to the buyer
 * and the buyer's return parcel back (decision 054). `serverError` (the carrier's answer) shows at the field and takes
 * the focus back there.
 */
export function TrackingForm({
  label,
  submitText = 'Add Tracking',
  busyText,
  serverError,
  onSubmit,
  onEdit,
}: {
  /** Names the form (what the number is for). */
  label: string;
  submitText?: string;
  busyText: string | null;
  serverError: string | null;
  onSubmit(trackingNumber: string): void;
  onEdit(): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const error = localError ?? serverError ?? undefined;
  // A refused number: back to the field, whose description now reads the reason.
  useEffect(() => {
    if (serverError) input.current?.focus();
  }, [serverError]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busyText) return;
    const checked = checkTrackingNumber(value);
    if (!checked.ok) {
      setLocalError(checked.message);
      input.current?.focus();
      return;
    }
    setLocalError(null);
    onSubmit(checked.value);
  };
  return (
    <form className="tracking-form" noValidate onSubmit={submit} aria-label={label}>
      <FormField id={id} label={SELLER_TEXTS.trackingLabel} required error={error}>
        <input
          ref={input}
          className="input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={TRACKING_MAX_LENGTH}
          readOnly={busyText !== null}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setLocalError(null);
            onEdit();
          }}
          {...errorProps(id, error, true)}
        />
      </FormField>
      <button type="submit" className="btn btn-primary" aria-disabled={busyText !== null || undefined}>
        {busyText ?? submitText}
      </button>
    </form>
  );
}
