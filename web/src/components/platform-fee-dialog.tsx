import './ui/dialog.css';
import '../styles/signing.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { formatUsd } from '../../../shared/domain/money';
import type { FeeStep } from '../lib/orders/seller-actions';
import { CloseIcon } from './ui/icons';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The platform fee's payment popup (spec part 2 "Escrow status": 'Platform Fee Required', then a QR code): the fee and
 * its percent of the order, the QR code to scan with Xaman, the request to open in Xaman Wallet (a new tab). It closes
 * by itself once the ledger has validated the payment, or the request is rejected, expires or times out. Close (and
 * Escape) only stop waiting here: the request stays open in Xaman until it expires, and the next try asks for it again.
 */
export function PlatformFeeDialog({ step }: { step: FeeStep }) {
  const { order, fee, signed } = step;
  const openLink = useRef<HTMLAnchorElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const keep = (event: Event) => event.preventDefault();
  // Where focus was when the fee was asked for (the control that asked): it goes back there, as there is no trigger.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  // Once signed the link goes away: focus stays in the dialog.
  useEffect(() => {
    if (signed) content.current?.focus();
  }, [signed]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && step.close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={content}
          className="dialog fee-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (openLink.current ?? content.current)?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          onPointerDownOutside={keep}
          onInteractOutside={keep}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">
              {fee.labelCents > 0 ? 'Pay the Platform Fee and Label' : 'Pay the Platform Fee'}
            </Dialog.Title>
            <Dialog.Close className="btn btn-ghost btn-icon" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-text">
            {fee.labelCents > 0
              ? 'One payment from your wallet in RLUSD covers the platform fee and the FedEx label; the label is made as soon as the ledger confirms it.'
              : 'The platform fee is paid from your wallet in RLUSD before the escrow can be completed.'}{' '}
            Scan the QR code with Xaman, or open the request in Xaman Wallet.
          </Dialog.Description>
          <dl className="fee-facts">
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
          <div className="qr-step">
            {signed ? (
              <p className="trust-line-status" role="status">
                <span className="spinner" aria-hidden />
                Signed. Confirming the payment on the ledger...
              </p>
            ) : (
              <>
                <img
                  className="qr-image"
                  src={fee.qrPngUrl}
                  alt="QR code to pay the platform fee with Xaman"
                  width={240}
                  height={240}
                />
                <a
                  ref={openLink}
                  className="btn btn-primary"
                  href={fee.signUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Open in Xaman Wallet
                </a>
                <p className="trust-line-status" role="status">
                  <span className="spinner" aria-hidden />
                  Waiting for your payment in Xaman...
                </p>
                <p className="dialog-note">
                  To cancel, reject the request in Xaman. It expires at {timeFormat.format(new Date(fee.expiresAt))}.
                </p>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
