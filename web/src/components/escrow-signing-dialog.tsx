import '../styles/signing.css';
import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import type { SigningStep } from '../lib/orders/sign-order';
import { SIGNING_DIALOG_TEXTS } from '../lib/signing-texts';
import { SigningDialog } from './signing-dialog';

/** The Cancel control's state for one order: idle, asking to confirm, withdrawing, or what the server said. */
type CancelUi =
  { mode: 'idle'; error: string | null } | { mode: 'confirm' } | { mode: 'busy' } | { mode: 'opened'; message: string };

const IDLE: CancelUi = { mode: 'idle', error: null };

/**
 * Cancel for the open wallet request: asks first ('Keep Waiting' is focused), then withdraws it. When the wallet has
 * already opened the request, only rejecting it there cancels it, and the control says so instead.
 */
function CancelRequest({ ui, setUi, step }: { ui: CancelUi; setUi(ui: CancelUi): void; step: SigningStep }) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  const openedNote = useRef<HTMLParagraphElement>(null);
  const previous = useRef(ui.mode);
  useEffect(() => {
    // Focus follows the control, so it never falls out of the dialog when a button goes away.
    if (previous.current !== ui.mode) {
      if (ui.mode === 'confirm') keepButton.current?.focus();
      else if (ui.mode === 'idle') cancelButton.current?.focus();
      else if (ui.mode === 'opened') openedNote.current?.focus();
    }
    previous.current = ui.mode;
  }, [ui.mode]);

  const withdraw = async () => {
    setUi({ mode: 'busy' });
    const answer = await step.cancel();
    if (answer.kind === 'opened') setUi({ mode: 'opened', message: answer.message });
    else if (answer.kind === 'failed') setUi({ mode: 'idle', error: answer.message });
    // Withdrawn: the dialog moves on (or closes) as soon as the order is settled.
  };

  if (ui.mode === 'opened') {
    return (
      <p ref={openedNote} className="dialog-note signing-note-strong" role="alert" tabIndex={-1}>
        {ui.message}
      </p>
    );
  }
  if (ui.mode === 'confirm' || ui.mode === 'busy') {
    return (
      <div className="signing-confirm" role="group" aria-labelledby="escrow-cancel-question">
        <p id="escrow-cancel-question" className="dialog-text">
          Cancel this escrow request? The order is cancelled and its items are released.
        </p>
        <div className="dialog-actions">
          <button
            ref={keepButton}
            type="button"
            className="btn btn-outline btn-sm"
            disabled={ui.mode === 'busy'}
            onClick={() => setUi(IDLE)}
          >
            Keep Waiting
          </button>
          <button
            type="button"
            className="btn btn-danger btn-sm"
            disabled={ui.mode === 'busy'}
            onClick={() => void withdraw()}
          >
            {ui.mode === 'busy' ? 'Cancelling...' : 'Cancel Request'}
          </button>
        </div>
      </div>
    );
  }
  return (
    <>
      {ui.error && (
        <p className="dialog-note signing-note-strong" role="alert">
          {ui.error}
        </p>
      )}
      <div className="dialog-actions">
        <button
          ref={cancelButton}
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setUi({ mode: 'confirm' })}
        >
          Cancel
        </button>
      </div>
    </>
  );
}

/**
 * The wallet request of one order's escrow (spec part 2 "Escrow creation") in the signing dialog: the QR code to scan
 * with Xaman, the request to open in Xaman Wallet (a new tab), and what is being locked for whom. It stays open until
 * the order is funded or cancelled: rejected in Xaman, or withdrawn with Cancel (after a confirmation) while the wallet
 * has not opened it yet. Escape only steps back from the confirmation.
 */
export function EscrowSigningDialog({ step }: { step: SigningStep }) {
  const { order, signing, index, total } = step;
  // The Cancel control's state belongs to one order: the next order's request starts idle.
  const [cancelState, setCancelState] = useState<{ orderId: string; ui: CancelUi }>({ orderId: order.id, ui: IDLE });
  const ui = cancelState.orderId === order.id ? cancelState.ui : IDLE;
  const setUi = (next: CancelUi) => setCancelState({ orderId: order.id, ui: next });
  return (
    <SigningDialog
      title="Approve the Escrow in Xaman"
      header={
        total > 1 && (
          <span className="badge badge-primary">
            Escrow {index + 1} of {total}
          </span>
        )
      }
      description="Scan this QR code with Xaman, or open the request in Xaman Wallet, to lock the payment in escrow on the ledger. The seller receives it once the item is delivered or picked up."
      locked
      onEscapeKeyDown={() => {
        if (ui.mode === 'confirm') setUi(IDLE);
      }}
      request={{
        qrPngUrl: signing.qrPngUrl,
        href: signing.signUrl,
        expiresAt: signing.expiresAt,
        follow: step.follow,
        onEnd: step.onEnd,
      }}
      texts={SIGNING_DIALOG_TEXTS.escrow}
      signed={step.signed}
      facts={
        <dl className="signing-facts">
          <div>
            <dt>Amount</dt>
            <dd>{formatUsd(order.totalCents)} RLUSD</dd>
          </div>
          <div>
            <dt>Seller</dt>
            <dd>{order.seller.username}</dd>
          </div>
          <div>
            <dt>Items</dt>
            <dd>{order.lines.map((l) => (l.quantity > 1 ? `${l.title} × ${l.quantity}` : l.title)).join(', ')}</dd>
          </div>
        </dl>
      }
      actions={<CancelRequest ui={ui} setUi={setUi} step={step} />}
    />
  );
}
