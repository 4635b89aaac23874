import { useEffect, useState } from 'react';
import type { Order } from '../../../../../shared/api/orders';
import { formatPickupCode, pickupCodeUrl } from '../../../../../shared/domain/pickup-code';

export const PICKUP_CODE_TEXTS = {
  heading: 'Pickup code',
  explain:
    'Show this code only at the hand-over, once you have the item. The seller enters it (or scans the QR code) to receive your payment, so never send it in a message.',
  qrLoading: 'Loading QR code...',
  qrFailed: 'The QR code could not be shown. Read the code to the seller instead.',
} as const;

type Qr = { state: 'loading' } | { state: 'ready'; src: string } | { state: 'failed' };

/**
 * The QR code of the seller's page of this order with the code filled in (decision 040): the seller's phone camera
 * opens it, and the seller confirms there. Drawn as SVG (no canvas), the library loaded with the panel only.
 */
function usePickupQr(orderId: string, code: string): Qr {
  const [qr, setQr] = useState<Qr>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setQr({ state: 'loading' });
    import('qrcode')
      .then((QRCode) =>
        QRCode.toString(pickupCodeUrl(window.location.origin, orderId, code), { type: 'svg', margin: 1 }),
      )
      .then(
        (svg) => live && setQr({ state: 'ready', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
        (error: unknown) => {
          console.warn('Drawing the pickup QR code failed', error);
          if (live) setQr({ state: 'failed' });
        },
      );
    return () => {
      live = false;
    };
  }, [orderId, code]);
  return qr;
}

/** A funded local pickup's one-time code and its QR code, on the buyer's own purchase page (decision 040). */
export function PickupCodePanel({ order: o }: { order: Order }) {
  return o.role === 'buyer' && o.pickupCode ? <CodePanel orderId={o.id} code={o.pickupCode} /> : null;
}

function CodePanel({ orderId, code }: { orderId: string; code: string }) {
  const qr = usePickupQr(orderId, code);
  return (
    <section className="panel pickup-code-panel" aria-labelledby="pickup-code-heading">
      <h2 id="pickup-code-heading" className="section-heading">
        {PICKUP_CODE_TEXTS.heading}
      </h2>
      {/* Screen readers read the digits one by one, not as two numbers in the thousands. */}
      <p className="pickup-code">
        <span className="pickup-code-digits" aria-hidden="true">
          {formatPickupCode(code)}
        </span>
        <span className="sr-only">{code.split('').join(' ')}</span>
      </p>
      <p className="purchase-note">{PICKUP_CODE_TEXTS.explain}</p>
      {qr.state === 'ready' && (
        <img className="pickup-code-qr" src={qr.src} alt="QR code for the seller to scan" width={176} height={176} />
      )}
      {qr.state === 'loading' && (
        <p className="purchase-note" role="status">
          {PICKUP_CODE_TEXTS.qrLoading}
        </p>
      )}
      {qr.state === 'failed' && (
        <p className="purchase-note" role="alert">
          {PICKUP_CODE_TEXTS.qrFailed}
        </p>
      )}
    </section>
  );
}
