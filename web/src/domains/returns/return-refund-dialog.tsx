import { formatUsd } from '../../../../shared/domain/money';
import { PaymentSigningDialog } from '../../components/payment-signing-dialog';
import { SIGNING_DIALOG_TEXTS } from '../../lib/signing-texts';
import type { RefundStep } from './use-return-refund';

/**
 * The refund of a return delivered back after release (decision 054) in the signing dialog: what is refunded to whom,
 * then the request (as PaymentSigningDialog shows it).
 */
export function ReturnRefundDialog({ step }: { step: RefundStep }) {
  const { item, request } = step;
  return (
    <PaymentSigningDialog
      step={step}
      request={request}
      title="Refund the Buyer"
      description={`The item came back to you: refund ${item.buyerUsername} from your wallet in RLUSD. Scan the QR code with Xaman, or open the request in Xaman Wallet.`}
      texts={SIGNING_DIALOG_TEXTS.returnRefund}
      facts={
        <>
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
        </>
      }
    />
  );
}
