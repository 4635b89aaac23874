import { formatUsd } from '../../../shared/domain/money';
import type { FeeStep } from '../lib/orders/seller-actions';
import { SIGNING_DIALOG_TEXTS } from '../lib/signing-texts';
import { PaymentSigningDialog } from './payment-signing-dialog';

/**
 * The platform fee's payment popup (spec part 2 "Escrow status": 'Platform Fee Required', then a QR code) in the
 * signing dialog: the fee (and a label paid with it) and its percent of the order, then the request (as
 * PaymentSigningDialog shows it).
 */
export function PlatformFeeDialog({ step }: { step: FeeStep }) {
  const { order, fee } = step;
  return (
    <PaymentSigningDialog
      className="fee-dialog"
      step={step}
      request={fee}
      title={fee.labelCents > 0 ? 'Pay the Platform Fee and Label' : 'Pay the Platform Fee'}
      description={`${
        fee.labelCents > 0
          ? 'One payment from your wallet in RLUSD covers the platform fee and the FedEx label; the label is made as soon as the ledger confirms it.'
          : 'The platform fee is paid from your wallet in RLUSD before the escrow can be completed.'
      } Scan the QR code with Xaman, or open the request in Xaman Wallet.`}
      texts={SIGNING_DIALOG_TEXTS.platformFee}
      facts={
        <>
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
        </>
      }
    />
  );
}
