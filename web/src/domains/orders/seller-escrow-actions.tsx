import '../../styles/orders.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Order } from '../../../../shared/api/orders';
import { formatUsd } from '../../../../shared/domain/money';
import { orderDate, releaseNotice, sellerCanAct, shipByText } from './order-display';
import { SELLER_TEXTS, type SellerAction, type SellerProgress } from '../../lib/orders/seller-actions';
import { useSellerAction } from '../../lib/orders/use-seller-action';
import { useOptionalSession } from '../../lib/session/session-context';
import { LabelPicker } from '../../components/label-picker';
import { PickupCodeDialog } from './pickup-code-dialog';
import { PlatformFeeDialog } from '../../components/platform-fee-dialog';
import { PrintLabelButton } from './print-label-button';
import { TrackingForm } from './tracking-form';
import { DialogActions } from '../../components/ui/dialog-actions';
import { Dialog } from '../../components/ui/dialog';

type Decision = 'approve' | 'reject';

const titleOf = (o: Order) => o.lines.map((l) => l.title).join(', ');

function progressText(action: SellerAction, progress: SellerProgress): string {
  if (progress === 'fee') return action.kind === 'label' ? 'Paying Fee and Label...' : 'Paying Platform Fee...';
  if (progress === 'label') return 'Making Label...';
  if (progress === 'releasing') return 'Releasing Escrow...';
  if (action.kind !== 'pickup') return 'Updating...';
  return action.decision === 'approve' ? 'Approving...' : 'Rejecting...';
}

/** What the seller is told about an order they can't act on (any more): where its escrow stands. */
function sellerNote(o: Order): string | null {
  switch (o.status) {
    case 'shipped':
      return o.shipment.proof === 'platform_label'
        ? `Shipped with a label bought here (FedEx ${o.shipment.trackingNumber ?? ''}). Print it and drop the parcel off at FedEx; the escrow is released to you once FedEx confirms delivery.`
        : 'Shipped. The escrow is released to you once FedEx confirms delivery.';
    case 'delivered':
      return releaseNotice(o);
    case 'releasing':
      return 'Releasing the escrow to you...';
    case 'completed':
      return `The escrow was released to you${o.completedAt ? ` on ${orderDate(o.completedAt)}` : ''}.`;
    case 'refunding':
      return o.refundReason === 'pickup_rejected'
        ? `Pickup rejected: the payment goes back to ${o.buyer.username} once the ledger lets the escrow be cancelled (${orderDate(o.escrow.cancelAfter)}).`
        : `The payment is going back to ${o.buyer.username}.`;
    case 'refunded':
      return `The escrow was returned to ${o.buyer.username}.`;
    default:
      return null;
  }
}

/** Reject Local Pickup, asked first: the payment goes back to the buyer (approving takes the code, PickupCodeDialog). */
function ConfirmReject({
  order: o,
  open,
  onConfirm,
  onClose,
  returnFocus,
}: {
  order: Order;
  open: boolean;
  onConfirm(): void;
  onClose(): void;
  /** The control focus goes back to once the dialog closes (the button that opened it). */
  returnFocus(): HTMLElement | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      returnFocus={returnFocus}
      title="Reject Local Pickup"
      description={`The escrow's ${formatUsd(o.totalCents)} RLUSD goes back to ${o.buyer.username} and you are not paid for this order. This cannot be undone.`}
    >
      <p className="confirm-item">{titleOf(o)}</p>
      <DialogActions>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          Reject Pickup
        </button>
      </DialogActions>
    </Dialog>
  );
}

/** What a label bought with the fee says while the order still waits to ship. */
const LABEL_NOTES = {
  buying: 'Your payment is confirmed. FedEx is making your label...',
  failed: 'The label could not be bought. Enter a FedEx tracking number instead.',
} as const;

/**
 * How a funded parcel ships (decision 039): a label bought here first; a tracking number the seller enters second,
 * behind a disclosure. Once the fee is paid without a label (or its label failed), the number is the way left.
 */
function ShipChoices({
  order: o,
  token,
  busyText,
  onBuyLabel,
  tracking,
}: {
  order: Order;
  token: string;
  busyText: string | null;
  onBuyLabel(serviceType: string): void;
  tracking: ReactNode;
}) {
  const status = o.label?.status;
  const labelOffered = !o.platformFee?.paid && (!status || status === 'awaiting_payment');
  if (status === 'buying' || status === 'failed') {
    return (
      <>
        <p className="seller-actions-text" role="status">
          {LABEL_NOTES[status]}
        </p>
        {status === 'failed' && tracking}
      </>
    );
  }
  if (!labelOffered) return <>{tracking}</>;
  return (
    <>
      <LabelPicker order={o} token={token} busyText={busyText} onBuy={onBuyLabel} />
      <details className="ship-own-number">
        <summary>Or enter a FedEx tracking number of your own</summary>
        {tracking}
      </details>
    </>
  );
}

function Actions({
  order: o,
  token,
  userId,
  pickupCode,
  onChanged,
}: {
  order: Order;
  token: string;
  userId: string;
  pickupCode: string | null;
  onChanged(order?: Order): void;
}) {
  const { running, fee, trackingError, setTrackingError, pickupCodeError, setPickupCodeError, run } = useSellerAction(
    o,
    { token, userId, onChanged },
  );
  const actionable = sellerCanAct(o);
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const [code, setCode] = useState('');
  const pickup = actionable && o.isLocalPickup;
  // A code from the buyer's QR code (on opening the page, or a new one in its address) opens Approve with it filled
  // in; the seller still confirms.
  useEffect(() => {
    if (!pickupCode || !pickup) return;
    setCode(pickupCode);
    setConfirm('approve');
  }, [pickupCode, pickup]);
  // A refused code: back to the dialog, the code kept and the reason at its field.
  useEffect(() => {
    if (pickupCodeError) setConfirm('approve');
  }, [pickupCodeError]);
  const buttons = useRef<Partial<Record<Decision, HTMLButtonElement | null>>>({});
  const note = useRef<HTMLParagraphElement>(null);
  const ranHere = useRef(false);
  // The controls go away once the action took effect: focus moves to what the order says now, not to the page's top.
  useEffect(() => {
    if (!actionable && ranHere.current && (document.activeElement === document.body || !document.activeElement)) {
      note.current?.focus();
    }
  }, [actionable]);
  const start = (action: SellerAction) => {
    if (running) return;
    ranHere.current = true;
    void run(action);
  };
  const busyText = running ? progressText(running.action, running.progress) : null;
  const text = actionable ? null : sellerNote(o);
  const title = titleOf(o);

  return (
    <div className="seller-actions" role="group" aria-label={`Seller actions: ${title}`}>
      {actionable && o.shipBy && <p className="seller-actions-text seller-ship-by">{shipByText(o)}</p>}
      {actionable && !o.isLocalPickup && (
        <ShipChoices
          order={o}
          token={token}
          busyText={busyText}
          onBuyLabel={(serviceType) => start({ kind: 'label', serviceType })}
          tracking={
            <TrackingForm
              label={`Ship ${title}`}
              busyText={busyText}
              serverError={trackingError}
              onSubmit={(trackingNumber) => start({ kind: 'ship', trackingNumber })}
              onEdit={() => setTrackingError(null)}
            />
          }
        />
      )}
      {actionable && o.isLocalPickup && (
        <>
          <p className="seller-actions-text">{SELLER_TEXTS.pickupAsk} Reject to return the payment to the buyer.</p>
          <div className="seller-actions-buttons">
            {(['approve', 'reject'] as const).map((decision) => {
              const label = decision === 'approve' ? 'Approve Pickup' : 'Reject Pickup';
              const busy = running?.action.kind === 'pickup' && running.action.decision === decision;
              return (
                <button
                  key={decision}
                  ref={(el) => void (buttons.current[decision] = el)}
                  type="button"
                  className={`btn btn-sm ${decision === 'approve' ? 'btn-primary' : 'btn-outline'}`}
                  aria-disabled={running !== null || undefined}
                  aria-label={`${busy ? busyText : label}: ${title}`}
                  onClick={() => {
                    if (running) return;
                    setConfirm(decision);
                  }}
                >
                  {busy ? busyText : label}
                </button>
              );
            })}
          </div>
        </>
      )}
      {text && (
        <p ref={note} className="seller-actions-text seller-actions-note" tabIndex={-1}>
          {text}
        </p>
      )}
      {o.label?.hasPdf && o.status === 'shipped' && <PrintLabelButton order={o} token={token} />}
      {o.platformFee && (
        <p className="seller-actions-text">
          Platform fee: {formatUsd(o.platformFee.cents)} RLUSD ({o.platformFee.percent}%),{' '}
          {o.platformFee.paid ? 'paid' : 'not paid yet'}
        </p>
      )}
      <p className="sr-only" role="status">
        {busyText ?? ''}
      </p>
      {o.isLocalPickup && (
        <>
          <PickupCodeDialog
            order={o}
            open={confirm === 'approve'}
            code={code}
            serverError={pickupCodeError}
            onEdit={() => setPickupCodeError(null)}
            onClose={() => setConfirm(null)}
            returnFocus={() => buttons.current.approve ?? null}
            onApprove={(pickupCode) => {
              setCode(pickupCode);
              setConfirm(null);
              start({ kind: 'pickup', decision: 'approve', pickupCode });
            }}
          />
          <ConfirmReject
            order={o}
            open={confirm === 'reject'}
            onClose={() => setConfirm(null)}
            returnFocus={() => buttons.current.reject ?? null}
            onConfirm={() => {
              setConfirm(null);
              start({ kind: 'pickup', decision: 'reject' });
            }}
          />
        </>
      )}
      {fee && <PlatformFeeDialog step={fee} />}
    </div>
  );
}

/**
 * The seller's controls for a pending escrow (spec part 2 "Escrow status"), the same on /item/{id}, in the Sales list
 * of /activity and on /purchased/{id}: a shipped order takes a FedEx tracking number, a local pickup is approved or
 * rejected (each asked first); the platform fee is paid first when the server asks for it. Once the escrow moved on,
 * it says where it stands. `onChanged` gets the order as the action left it (the page reads its lists again).
 */
export function SellerEscrowActions({
  order,
  pickupCode = null,
  onChanged,
}: {
  order: Order;
  /** A pickup code the page was opened with (the buyer's QR code, decision 040): Approve opens with it filled in. */
  pickupCode?: string | null;
  onChanged(order?: Order): void;
}) {
  const session = useOptionalSession();
  // The order the last action answered, until the page passes a newer one.
  const [answered, setAnswered] = useState<{ base: Order; order: Order } | null>(null);
  if (!session?.token || !session.user || order.role !== 'seller' || order.escrowStatus === null) return null;
  const shown = answered && answered.base === order ? answered.order : order;
  return (
    <Actions
      order={shown}
      token={session.token}
      userId={session.user.id}
      pickupCode={pickupCode}
      onChanged={(next) => {
        if (next) setAnswered({ base: order, order: next });
        onChanged(next);
      }}
    />
  );
}
