import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Order } from '../../../../shared/api/orders';
import { formatUsd } from '../../../../shared/domain/money';
import { normalizePickupCode, PICKUP_CODE_MESSAGES } from '../../../../shared/domain/pickup-code';
import { SELLER_TEXTS } from '../../lib/orders/seller-actions';
import { DialogActions } from '../../components/ui/dialog-actions';
import { errorProps, FormField } from '../../components/ui/form-field';
import { Dialog } from '../../components/ui/dialog';

/**
 * Approve Local Pickup (decision 040): the seller enters the code the buyer shows at the hand-over (or it is filled in
 * from the buyer's QR code); only that code releases the escrow, so the dialog asks for it and says why. A code the
 * server refused comes back here with its reason at the field.
 */
export function PickupCodeDialog({
  order: o,
  open,
  code: initialCode,
  serverError,
  onApprove,
  onEdit,
  onClose,
  returnFocus,
}: {
  order: Order;
  open: boolean;
  /** What the field starts with: the code from the buyer's QR code, or the one the server refused. */
  code: string;
  serverError: string | null;
  onApprove(pickupCode: string): void;
  /** The code was edited: the server's refusal no longer applies to it. */
  onEdit(): void;
  onClose(): void;
  /** The control focus goes back to once the dialog closes (the button that opened it). */
  returnFocus(): HTMLElement | null;
}) {
  const id = useId();
  const [value, setValue] = useState(initialCode);
  const [localError, setLocalError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) {
      setValue(initialCode);
      setLocalError(null);
    }
  }, [open, initialCode]);
  const error = localError ?? serverError ?? undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizePickupCode(value);
    if (!code) {
      setLocalError(value.trim() ? PICKUP_CODE_MESSAGES.format : SELLER_TEXTS.pickupCodeRequired);
      input.current?.focus();
      return;
    }
    onApprove(code);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        input.current?.focus();
      }}
      returnFocus={returnFocus}
      title="Approve Local Pickup"
      description={
        <>
          {SELLER_TEXTS.pickupAsk} The escrow&apos;s {formatUsd(o.totalCents)} RLUSD is released to you; if the platform
          fee is not paid yet, you pay it in Xaman first.
        </>
      }
    >
      <p className="confirm-item">{o.lines.map((l) => l.title).join(', ')}</p>
      <form noValidate onSubmit={submit}>
        <FormField id={id} label={SELLER_TEXTS.pickupCodeLabel} required error={error}>
          <input
            ref={input}
            className="input pickup-code-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setLocalError(null);
              onEdit();
            }}
            {...errorProps(id, error, true)}
          />
        </FormField>
        <DialogActions>
          <button type="submit" className="btn btn-primary">
            Approve Pickup
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
