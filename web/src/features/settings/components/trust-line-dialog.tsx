import '../../../styles/signing.css';
import { useEffect, useRef } from 'react';
import { SigningDialog } from '../../../components/signing-dialog';
import { DialogClose } from '../../../components/ui/dialog';
import { CloseIcon } from '../../../components/ui/icons';
import { SIGNING_DIALOG_TEXTS } from '../../../lib/signing-texts';
import { TRUST_LINE_TEXTS, type TrustLineDialogState } from '../lib/use-trust-line';

/**
 * Asks the wallet for an RLUSD trust line (a TrustSet signed in Xaman) when selling is turned on, in the signing dialog:
 * why it is needed, the QR code, the request to open in Xaman Wallet (a new tab). While the request waits for its
 * signature the dialog can't be closed (Escape included): it ends when the line is on the ledger, or the request is
 * rejected, expires or times out.
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
  const keep = (event: Event) => event.preventDefault();
  const retry = useRef<HTMLButtonElement>(null);
  // A refused request's Try Again takes the focus (the request's own steps are the signing dialog's to focus).
  useEffect(() => {
    if (state.kind === 'failed') retry.current?.focus();
  }, [state.kind]);
  return (
    <SigningDialog
      className="trust-line-dialog"
      title="Add an RLUSD Trust Line"
      header={
        !waiting && (
          <DialogClose className="btn btn-ghost btn-icon" aria-label="Close">
            <CloseIcon />
          </DialogClose>
        )
      }
      description={TRUST_LINE_TEXTS.why}
      locked={waiting}
      onClose={() => !waiting && onClose()}
      onOpenAutoFocus={(event) => {
        // Radix focuses the first control once the dialog has mounted, which may be after the step changed.
        if (state.kind !== 'failed' || !retry.current) return;
        event.preventDefault();
        retry.current.focus();
      }}
      onPointerDownOutside={keep}
      onInteractOutside={keep}
      request={
        state.kind === 'waiting'
          ? {
              qrPngUrl: state.request.qrPngUrl,
              href: state.request.signUrl,
              expiresAt: state.request.expiresAt,
              follow: state.follow,
              onEnd: state.onEnd,
            }
          : null
      }
      texts={SIGNING_DIALOG_TEXTS.trustLine}
    >
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
    </SigningDialog>
  );
}
