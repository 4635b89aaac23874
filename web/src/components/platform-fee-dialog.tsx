import '../styles/signing.css';
import { useState } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import type { FeeStep } from '../lib/orders/seller-actions';
import { SIGNING_DIALOG_TEXTS } from '../lib/signing-texts';
import { SigningDialog } from './signing-dialog';
import { DialogClose } from './ui/dialog';
import { CloseIcon } from './ui/icons';

/**
 * The platform fee's payment popup (spec part 2 "Escrow status": 'Platform Fee Required', then a QR code) in the
 * signing dialog: the fee and its percent of the order, the QR code to scan with Xaman, the request to open in Xaman
 * Wallet (a new tab). It closes by itself once the ledger has validated the payment, or the request is rejected,
 * expires or times out. Close (and Escape) only stop waiting here: the request stays open in Xaman until it expires,
 * and the next try asks for it again.
 */
export function PlatformFeeDialog({ step }: { step: FeeStep }) {
  const { order, fee } = step;
  const keep = (event: Event) => event.preventDefault();
  // Where focus was when the fee was asked for (the control that asked): it goes back there, as there is no trigger.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (
    <SigningDialog
      className="fee-dialog"
      title={fee.labelCents > 0 ? 'Pay the Platform Fee and Label' : 'Pay the Platform Fee'}
      header={
        <DialogClose className="btn btn-ghost btn-icon" aria-label="Close">
          <CloseIcon />
        </DialogClose>
      }
      description={`${
        fee.labelCents > 0
          ? 'One payment from your wallet in RLUSD covers the platform fee and the FedEx label; the label is made as soon as the ledger confirms it.'
          : 'The platform fee is paid from your wallet in RLUSD before the escrow can be completed.'
      } Scan the QR code with Xaman, or open the request in Xaman Wallet.`}
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
        qrPngUrl: fee.qrPngUrl,
        href: fee.signUrl,
        expiresAt: fee.expiresAt,
        follow: step.follow,
        onEnd: step.onEnd,
      }}
      texts={SIGNING_DIALOG_TEXTS.platformFee}
      facts={
        <dl className="signing-facts">
          <div>
            <dt>Platform fee</dt>
            <dd>{formatUsd(fee.cents)} RLUSD</dd>
          </div>
          {fee.labelCents > 0 && (
            <>
              <div>
                <dt>Shipping label</dt>
                <dd>{formatUsd(fee.labelCents)} RLUSD</dd>
              </div>
              <div>
                <dt>Total payment</dt>
                <dd>{formatUsd(fee.cents + fee.labelCents)} RLUSD</dd>
              </div>
            </>
          )}
          <div>
            <dt>Fee rate</dt>
            <dd>
              {fee.percent}% of {formatUsd(order.totalCents)}
            </dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>
              {order.lines.map((l) => l.title).join(', ')} ({order.buyer.username})
            </dd>
          </div>
        </dl>
      }
    />
  );
}
