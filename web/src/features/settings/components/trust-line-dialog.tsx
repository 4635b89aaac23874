import '../../../components/ui/dialog.css';
import '../../../styles/signing.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { TRUST_LINE_TEXTS, type TrustLineDialogState } from '../lib/use-trust-line';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * Asks the wallet for an RLUSD trust line (a TrustSet signed in Xaman) when selling is turned on: why it is needed, the
 * QR code, the request to open in Xaman Wallet (a new tab). While the request waits for its signature the dialog can't
 * be closed (Escape included): it ends when the line is on the ledger, or the request is rejected, expires or times out.
 */
export function TrustLineDialog({
  state,
  onRetry,
  onClose,
}: {
  state: TrustLineDialogState;
  onRetry(): void;
  onClose(): void;
}) {
  const waiting = state.kind === 'waiting';
  const signed = state.kind === 'waiting' && state.signed;
  const keep = (event: Event) => event.preventDefault();
  const content = useRef<HTMLDivElement>(null);
  const openLink = useRef<HTMLAnchorElement>(null);
  const retry = useRef<HTMLButtonElement>(null);
  // Focus moves with the step, so it never stays on a control that went away (the Close button while waiting).
  const stepFocus = () =>
    state.kind === 'failed'
      ? retry.current
      : state.kind === 'waiting'
        ? state.signed
          ? content.current
          : openLink.current
        : null;
  const stepFocusRef = useRef(stepFocus);
  useEffect(() => {
    stepFocusRef.current = stepFocus;
  });
  useEffect(() => {
    stepFocusRef.current()?.focus();
  }, [state.kind, signed]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !waiting && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={content}
          className="dialog trust-line-dialog"
          onOpenAutoFocus={(event) => {
            // Radix focuses the first control once the dialog has mounted, which may be after the step changed.
            const target = stepFocus();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          onEscapeKeyDown={waiting ? keep : undefined}
          onPointerDownOutside={keep}
          onInteractOutside={keep}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">Add an RLUSD Trust Line</Dialog.Title>
            {!waiting && (
              <Dialog.Close className="btn btn-ghost btn-icon" aria-label="Close">
                <CloseIcon />
              </Dialog.Close>
            )}
          </div>
          <Dialog.Description className="dialog-text">{TRUST_LINE_TEXTS.why}</Dialog.Description>
          <div className="qr-step">
            {state.kind === 'requesting' && (
              <div className="status" role="status">
                <div className="spinner" aria-hidden />
                <p>Preparing the request...</p>
              </div>
            )}
            {state.kind === 'failed' && (
              <div className="status status-error" role="alert">
                <p>{state.message}</p>
                <button ref={retry} type="button" className="btn btn-primary" onClick={onRetry}>
                  Try Again
                </button>
              </div>
            )}
            {state.kind === 'waiting' && !state.signed && (
              <>
                <img
                  className="qr-image"
                  src={state.request.qrPngUrl}
                  alt="QR code to add the RLUSD trust line with Xaman"
                  width={240}
                  height={240}
                />
                <a
                  ref={openLink}
                  className="btn btn-primary"
                  href={state.request.signUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Open in Xaman Wallet
                </a>
                <p className="trust-line-status" role="status">
                  <span className="spinner" aria-hidden />
                  Waiting for your signature in Xaman...
                </p>
                <p className="dialog-note">
                  To cancel, reject the request in Xaman. It expires at{' '}
                  {timeFormat.format(new Date(state.request.expiresAt))}.
                </p>
              </>
            )}
            {signed && (
              <p className="trust-line-status" role="status">
                <span className="spinner" aria-hidden />
                Signed. Adding the trust line on the ledger...
              </p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
