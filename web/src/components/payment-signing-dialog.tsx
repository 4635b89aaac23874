import '../styles/signing.css';
import { useState, type ReactNode } from 'react';
import type { PaymentFollow } from '../lib/orders/follow-payment';
import type { SigningTexts } from '../lib/signing-texts';
import { SigningDialog } from './signing-dialog';
import { DialogClose } from './ui/dialog';
import { CloseIcon } from './ui/icons';

/**
 * A seller's Payment in the signing dialog (the platform fee, a return's refund): what is paid (`facts`, rows of a
 * description list), the QR code to scan with Xaman, the request to open in Xaman Wallet (a new tab). It closes by
 * itself once the ledger has validated the Payment, or the request is rejected, expires or times out. Close (and
 * Escape) only stop waiting here: the request stays open in Xaman until it expires, and the next try asks for it again.
 */
export function PaymentSigningDialog({
  step,
  request,
  title,
  description,
  texts,
  facts,
  className,
}: {
  step: PaymentFollow;
  request: { qrPngUrl: string; signUrl: string; expiresAt: string };
  title: string;
  description: string;
  texts: SigningTexts;
  facts: ReactNode;
  className?: string;
}) {
  const keep = (event: Event) => event.preventDefault();
  // Where focus was when the Payment was asked for (the control that asked): it goes back there, as there is no
  // trigger, while it is still there.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (
    <SigningDialog
      className={className}
      title={title}
      header={
        <DialogClose className="btn btn-ghost btn-icon" aria-label="Close">
          <CloseIcon />
        </DialogClose>
      }
      description={description}
      onClose={step.close}
      onCloseAutoFocus={(event) => {
        if (opener?.isConnected) {
          event.preventDefault();
          opener.focus();
        }
      }}
      onPointerDownOutside={keep}
      onInteractOutside={keep}
      request={{
        qrPngUrl: request.qrPngUrl,
        href: request.signUrl,
        expiresAt: request.expiresAt,
        follow: step.follow,
        onEnd: step.onEnd,
      }}
      texts={texts}
      facts={<dl className="signing-facts">{facts}</dl>}
    />
  );
}
