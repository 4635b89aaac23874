import * as Dialog from '@radix-ui/react-dialog';
import { formatUsd } from '../../../shared/domain/money';
import type { SigningStep } from '../lib/orders/sign-order';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The wallet request of one order's escrow (spec part 2 "Escrow creation"): the QR code to scan with Xaman, the
 * request to open in Xaman Wallet (a new tab), and what is being locked for whom. It stays open until the order is
 * funded or cancelled; the way to cancel is to reject the request in Xaman.
 */
export function EscrowSigningDialog({ step }: { step: SigningStep }) {
  const { order, signing, index, total, phase } = step;
  const keep = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog signing-dialog"
          aria-describedby="escrow-signing-description"
          onEscapeKeyDown={keep}
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
          <Dialog.Description id="escrow-signing-description" className="dialog-text">
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
              <p className="dialog-note">
                To cancel, reject the request in Xaman. It expires at {timeFormat.format(new Date(signing.expiresAt))}.
              </p>
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
