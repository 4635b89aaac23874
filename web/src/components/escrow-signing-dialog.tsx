import './ui/dialog.css';
import '../styles/signing.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import type { SigningStep } from '../lib/orders/sign-order';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

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
 * The wallet request of one order's escrow (spec part 2 "Escrow creation"): the QR code to scan with Xaman, the
 * request to open in Xaman Wallet (a new tab), and what is being locked for whom. It stays open until the order is
 * funded or cancelled: rejected in Xaman, or withdrawn with Cancel (after a confirmation) while the wallet has not
 * opened it yet. Escape only steps back from the confirmation.
 */
export function EscrowSigningDialog({ step }: { step: SigningStep }) {
  const { order, signing, index, total, phase } = step;
  // The Cancel control's state belongs to one order: the next order's request starts idle.
  const [cancelState, setCancelState] = useState<{ orderId: string; ui: CancelUi }>({ orderId: order.id, ui: IDLE });
  const ui = cancelState.orderId === order.id ? cancelState.ui : IDLE;
  const setUi = (next: CancelUi) => setCancelState({ orderId: order.id, ui: next });
  const keep = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog signing-dialog"
          onEscapeKeyDown={(event) => {
            event.preventDefault();
            if (ui.mode === 'confirm') setUi(IDLE);
          }}
          onPointerDownOutside={keep}
          onInteractOutside={keep}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">Approve the Escrow in Xaman</Dialog.Title>
            {total > 1 && (
              <span className="badge badge-primary">
                Escrow {index + 1} of {total}
              </span>
            )}
          </div>
          <Dialog.Description className="dialog-text">
            Scan this QR code with Xaman, or open the request in Xaman Wallet, to lock the payment in escrow on the
            ledger. The seller receives it once the item is delivered or picked up.
          </Dialog.Description>
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
          {phase === 'awaiting_signature' ? (
            <>
              <img
                className="qr-image"
                src={signing.qrPngUrl}
                alt="QR code to approve the escrow with Xaman"
                width={240}
                height={240}
              />
              <a className="btn btn-primary" href={signing.signUrl} target="_blank" rel="noopener noreferrer">
                Open in Xaman Wallet
              </a>
              <p className="signing-status" role="status">
                <span className="spinner" aria-hidden />
                Waiting for your approval in Xaman...
              </p>
              <p className="dialog-note">The request expires at {timeFormat.format(new Date(signing.expiresAt))}.</p>
              <CancelRequest ui={ui} setUi={setUi} step={step} />
            </>
          ) : (
            <p className="signing-status" role="status">
              <span className="spinner" aria-hidden />
              Signed. Creating the escrow on the ledger...
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
