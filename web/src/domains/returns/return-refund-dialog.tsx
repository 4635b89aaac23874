import '../../styles/signing.css';
import { useState } from 'react';
import { formatUsd } from '../../../../shared/domain/money';
import { SigningDialog } from '../../components/signing-dialog';
import { DialogClose } from '../../components/ui/dialog';
import { CloseIcon } from '../../components/ui/icons';
import { SIGNING_DIALOG_TEXTS } from '../../lib/signing-texts';
import type { RefundStep } from './use-return-refund';

/**
 * The refund of a return delivered back after release (decision 054) in the signing dialog: what is refunded to whom,
 * the QR code to scan with Xaman, the request to open in Xaman Wallet (a new tab). It closes by itself once the ledger
 * has validated the Payment, or the request is rejected, expires or times out. Close only stops waiting here: the
 * request stays open in Xaman until it expires, and the next try asks for it again.
 */
export function ReturnRefundDialog({ step }: { step: RefundStep }) {
  const { item, request } = step;
  const keep = (event: Event) => event.preventDefault();
  // Focus goes back to the control that asked (there is no trigger), while it is still there.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (
    <SigningDialog
      title="Refund the Buyer"
      header={
        <DialogClose className="btn btn-ghost btn-icon" aria-label="Close">
          <CloseIcon />
        </DialogClose>
      }
      description={`The item came back to you: refund ${item.buyerUsername} from your wallet in RLUSD. Scan the QR code with Xaman, or open the request in Xaman Wallet.`}
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
      texts={SIGNING_DIALOG_TEXTS.returnRefund}
      facts={
        <dl className="signing-facts">
          <div>
            <dt>Refund</dt>
            <dd>{formatUsd(request.cents)} RLUSD</dd>
          </div>
          <div>
            <dt>To</dt>
            <dd>{item.buyerUsername}</dd>
          </div>
          <div>
            <dt>Item</dt>
            <dd>{item.listingTitle}</dd>
          </div>
        </dl>
      }
    />
  );
}
