import '../../../styles/signing.css';
import '../../../styles/wallet.css';
import { useId, useState, type FormEvent } from 'react';
import { SigningDialog } from '../../../components/signing-dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { DialogClose } from '../../../components/ui/dialog';
import { errorProps, FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import type { Send, SendCurrency } from '../../../../../shared/api/sends';
import { formatUsd } from '../../../../../shared/domain/money';
import { SIGNING_DIALOG_TEXTS } from '../../../lib/signing-texts';
import type { SendFundsBody } from '../../../domains/sends/api';
import {
  EMPTY_SEND_FORM,
  formErrorsOf,
  readSendForm,
  sendSummary,
  type SendField,
  type SendForm,
  type SendFormErrors,
} from '../lib/send-form';
import { SEND_RESULT_TEXTS, useSendFunds } from '../lib/use-send-funds';

const CURRENCIES: readonly (readonly [SendCurrency, string])[] = [
  ['RLUSD', 'RLUSD (USD)'],
  ['XRP', 'XRP'],
];

export interface SendFundsDialogProps {
  token: string;
  /** The signed-in wallet (sending to it is refused). */
  sender: string;
  /** The RLUSD balance in cents, and the XRP balance as text, when the page has read them. */
  rlusdCents: number | null;
  xrpText: string | null;
  onSent(): void;
  onClose(): void;
}

/** What the body asks for, as the summary reads it. */
const asSend = (b: SendFundsBody) => ({
  currency: b.currency,
  amountCents: b.currency === 'RLUSD' ? b.amountCents : null,
  amountDrops: b.currency === 'XRP' ? b.amountDrops : null,
  destination: b.destination,
  destinationTag: b.destinationTag ?? null,
});

function Result({ send, onRetry }: { send: Send; onRetry(): void }) {
  if (send.status === 'sent') {
    return (
      <div className="status" role="status">
        <p className="status-title">{SEND_RESULT_TEXTS.sent}</p>
        <p>{sendSummary(send)}.</p>
        {send.txHash && (
          <p className="send-result-hash">
            Transaction:{' '}
            {send.explorerUrl ? (
              <a className="send-tx-hash" href={send.explorerUrl} target="_blank" rel="noopener noreferrer">
                {send.txHash.slice(0, 12)}…{send.txHash.slice(-6)}
                <span className="sr-only"> (opens the ledger explorer in a new tab)</span>
              </a>
            ) : (
              <code className="send-tx-hash">{send.txHash}</code>
            )}
          </p>
        )}
        <DialogClose asChild>
          <button type="button" className="btn btn-primary">
            Close
          </button>
        </DialogClose>
      </div>
    );
  }
  return (
    <div className="status status-error" role="alert">
      <p className="status-title">{SEND_RESULT_TEXTS.notSent}</p>
      <p>{send.failure}</p>
      <div className="dialog-actions">
        <DialogClose asChild>
          <button type="button" className="btn btn-outline">
            Close
          </button>
        </DialogClose>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try Again
        </button>
      </div>
    </div>
  );
}

function Fields({
  form,
  errors,
  busy,
  hints,
  onChange,
}: {
  form: SendForm;
  errors: SendFormErrors;
  busy: boolean;
  hints: { amount: string | undefined };
  onChange(field: SendField, value: string): void;
}) {
  const id = useId();
  const ids = { amount: `${id}-amount`, destination: `${id}-destination`, tag: `${id}-tag` };
  const addressHint = 'A classic XRP Ledger address, starting with r';
  const tagHint = 'Only if the destination asks for one (exchanges often do)';
  return (
    <>
      <SelectField
        id={`${id}-currency`}
        label="Currency"
        value={form.currency}
        options={CURRENCIES}
        onChange={(v) => onChange('currency', v)}
        required
      />
      <FormField
        id={ids.amount}
        label={form.currency === 'RLUSD' ? 'Amount ($)' : 'Amount (XRP)'}
        required
        error={errors.amount}
        hint={hints.amount}
      >
        <input
          {...errorProps(ids.amount, errors.amount, true, hints.amount)}
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={form.currency === 'RLUSD' ? '0.00' : '0.000000'}
          value={form.amount}
          readOnly={busy}
          onChange={(e) => onChange('amount', e.target.value)}
        />
      </FormField>
      <FormField
        id={ids.destination}
        label="Destination address"
        required
        error={errors.destination}
        hint={addressHint}
      >
        <input
          {...errorProps(ids.destination, errors.destination, true, addressHint)}
          className="input send-address"
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="r..."
          value={form.destination}
          readOnly={busy}
          onChange={(e) => onChange('destination', e.target.value)}
        />
      </FormField>
      <FormField id={ids.tag} label="Destination tag (optional)" error={errors.destinationTag} hint={tagHint}>
        <input
          {...errorProps(ids.tag, errors.destinationTag, false, tagHint)}
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={form.destinationTag}
          readOnly={busy}
          onChange={(e) => onChange('destinationTag', e.target.value)}
        />
      </FormField>
    </>
  );
}

/**
 * Send Funds on /wallet (decision 060), in the signing dialog: the form (currency, amount, destination address,
 * optional destination tag), checked here and again on the server against the ledger; then the Payment's wallet
 * request (QR code, Open in Xaman Wallet), which can't be closed while it waits; then what the ledger validated (the
 * transaction's hash) or why nothing was sent.
 */
export function SendFundsDialog({ token, sender, rlusdCents, xrpText, onSent, onClose }: SendFundsDialogProps) {
  const { step, submit, reset } = useSendFunds(token, onSent);
  const [form, setForm] = useState<SendForm>(EMPTY_SEND_FORM);
  const [errors, setErrors] = useState<SendFormErrors>({});
  const [asked, setAsked] = useState<SendFundsBody | null>(null);

  const busy = step.kind === 'form' && step.busy;
  const waiting = step.kind === 'signing';
  const refusal = step.kind === 'form' ? step.refusal : null;
  const serverErrors = formErrorsOf(refusal?.fields);
  const shownErrors = { ...serverErrors, ...errors };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const read = readSendForm(form, { sender, rlusdCents });
    if (!read.ok) return setErrors(read.errors);
    setErrors({});
    setAsked(read.body);
    void submit(read.body);
  };

  const hints = {
    amount:
      form.currency === 'RLUSD'
        ? rlusdCents === null
          ? undefined
          : `Your balance: ${formatUsd(rlusdCents)} RLUSD`
        : xrpText === null
          ? undefined
          : `Your balance: ${xrpText} XRP; the account's reserve stays in the wallet`,
  };

  return (
    <SigningDialog
      className="send-funds-dialog"
      title="Send Funds"
      description="Send RLUSD or XRP from your wallet to another XRP Ledger account. You approve the payment in Xaman."
      locked={busy || waiting}
      onClose={() => !(busy || waiting) && onClose()}
      aria-busy={busy}
      request={
        step.kind === 'signing'
          ? {
              qrPngUrl: step.request.qrPngUrl,
              href: step.request.signUrl,
              expiresAt: step.request.expiresAt,
              follow: step.follow,
              onEnd: step.onEnd,
            }
          : null
      }
      facts={waiting && asked && <p className="dialog-text">Sending {sendSummary(asSend(asked))}.</p>}
      texts={SIGNING_DIALOG_TEXTS.sendFunds}
      boxed={waiting}
    >
      {step.kind === 'form' && (
        <form className="dialog-form" noValidate onSubmit={onSubmit} aria-label="Send Funds">
          <Fields
            form={form}
            errors={shownErrors}
            busy={busy}
            hints={hints}
            onChange={(field, value) => {
              setForm((f) => ({ ...f, [field]: value }));
              setErrors(({ [field]: _, ...rest }) => rest);
              // A changed form is a new send: the server's refusal of the old one no longer applies.
              if (refusal) reset();
            }}
          />
          {refusal && Object.keys(serverErrors).length === 0 && (
            <p className="notice notice-danger" role="alert">
              {refusal.message}
            </p>
          )}
          <DialogActions busy={busy}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Preparing...' : 'Send'}
            </button>
          </DialogActions>
        </form>
      )}
      {step.kind === 'done' && <Result send={step.send} onRetry={reset} />}
      {step.kind === 'unknown' && <UnknownResult />}
    </SigningDialog>
  );
}

function UnknownResult() {
  return (
    <div className="status status-error" role="alert">
      <p>{SEND_RESULT_TEXTS.unknown}</p>
      <DialogClose asChild>
        <button type="button" className="btn btn-primary">
          Close
        </button>
      </DialogClose>
    </div>
  );
}
