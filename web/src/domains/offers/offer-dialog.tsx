import '../../styles/offers.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { AMOUNT_TOO_LARGE, formatUsd, MAX_AMOUNT_CENTS, parseDollarsToCents } from '../../../../shared/domain/money';
import { OFFER_REFUSAL_TITLES, OFFER_TEXTS } from '../../../../shared/domain/offers';
import type { OfferTerms } from './api';
import { useSignedInSession } from '../../lib/session/session-context';
import { rlusdCents, useWalletBalances } from '../wallet/api';
import { errorProps, FormField } from '../../components/ui/form-field';
import { DialogActions } from '../../components/ui/dialog-actions';
import { Dialog } from '../../components/ui/dialog';

/** Spec part 1 "Offer" validation: the amount field's step. */
const STEP = '0.01';

/**
 * The typed amount in cents, or what is wrong with it before anything is sent (the server checks again): not a
 * positive amount with at most 2 decimals, above the money limit, or more than `maxCents` (the balance; null: no cap).
 */
export function checkOfferAmount(
  text: string,
  maxCents: number | null,
): { ok: true; cents: number } | { ok: false; title: string; message: string } {
  const cents = parseDollarsToCents(text);
  if (cents === undefined || cents <= 0) {
    return { ok: false, title: OFFER_REFUSAL_TITLES.invalid_amount, message: OFFER_TEXTS.invalidAmount };
  }
  if (cents > MAX_AMOUNT_CENTS) {
    return { ok: false, title: OFFER_REFUSAL_TITLES.invalid_amount, message: AMOUNT_TOO_LARGE };
  }
  if (maxCents !== null && cents > maxCents) {
    const message = OFFER_TEXTS.insufficientBalance(cents, maxCents);
    return { ok: false, title: OFFER_REFUSAL_TITLES.insufficient_balance, message };
  }
  return { ok: true, cents };
}

export interface OfferDialogProps {
  /** The button that opens it (focus returns to it on close). Its onClick may preventDefault to keep it closed. */
  trigger: ReactNode;
  title: string;
  /** What the offer is for (the listing, or the offer being countered). */
  description: ReactNode;
  submitLabel: string;
  /** The buyer pays: the amount may not exceed their RLUSD balance (spec part 1 "Offer" validation). */
  capByBalance: boolean;
  /** Sends the offer; true closes the dialog, false keeps it open with what was typed. */
  onSubmit(terms: OfferTerms): Promise<boolean>;
}

/**
 * The offer dialog (Make Offer, Counter): the amount (min 0, step 0.01, at most the RLUSD balance when the buyer pays),
 * the 24-hour expiry toggle (on by default) and submit. A wrong amount is said at the field and in the spec's toast
 * ('Invalid Offer', 'Insufficient Balance'); the server's refusals come from `onSubmit`.
 */
export function OfferDialog({ trigger, title, description, submitLabel, capByBalance, onSubmit }: OfferDialogProps) {
  const { user, token } = useSignedInSession();
  const [open, setOpen] = useState(false);
  const balances = useWalletBalances(open && capByBalance ? { token, walletAddress: user.walletAddress } : null);
  const [text, setText] = useState('');
  const [expires, setExpires] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const amountId = `${id}-amount`;

  // Spec part 1 "Fallbacks": a failed balance read counts as $0.00.
  const balanceLoading = capByBalance && balances.data === undefined && !balances.error;
  const maxCents = capByBalance ? rlusdCents(balances.data) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || balanceLoading) return;
    const checked = checkOfferAmount(text, maxCents);
    if (!checked.ok) {
      setError(checked.message);
      toast.error(checked.title, { description: checked.message });
      return;
    }
    setError(undefined);
    setBusy(true);
    const done = await onSubmit({ amountCents: checked.cents, expires });
    setBusy(false);
    if (done) setOpen(false);
  };

  const hint =
    maxCents === null ? undefined : balanceLoading ? 'Your balance: …' : `Your balance: ${formatUsd(maxCents)} RLUSD`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) {
          setText('');
          setExpires(true);
          setError(undefined);
        }
      }}
      trigger={trigger}
      title={title}
      description={description}
      className="offer-dialog"
      aria-busy={busy || balanceLoading}
    >
      <form className="dialog-form" noValidate onSubmit={(e) => void submit(e)}>
        <FormField id={amountId} label="Offer amount ($)" required error={error} hint={hint}>
          <input
            {...errorProps(amountId, error, true, hint)}
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            max={maxCents === null || balanceLoading ? undefined : (maxCents / 100).toFixed(2)}
            step={STEP}
            placeholder="0.00"
            value={text}
            readOnly={busy}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <label className="checkbox offer-expiry-toggle">
          <input
            type="checkbox"
            role="switch"
            checked={expires}
            disabled={busy}
            onChange={(e) => setExpires(e.target.checked)}
          />
          Expires in 24 hours
        </label>
        <DialogActions busy={busy}>
          <button type="submit" className="btn btn-primary" disabled={busy || balanceLoading}>
            {busy ? 'Sending...' : submitLabel}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Make Offer (item page, the buyer's chat): the buyer pays, so the amount is capped by their balance. */
export function MakeOfferDialog({
  description,
  className,
  onSubmit,
}: Pick<OfferDialogProps, 'description' | 'onSubmit'> & { className: string }) {
  return (
    <OfferDialog
      trigger={
        <button type="button" className={className}>
          Make Offer
        </button>
      }
      title="Make an Offer"
      description={description}
      submitLabel="Send Offer"
      capByBalance
      onSubmit={onSubmit}
    />
  );
}
