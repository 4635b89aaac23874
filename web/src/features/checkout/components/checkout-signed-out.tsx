import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { CHECKOUT_TEXTS } from '../lib/checkout-toasts';

/** Signed out: checkout needs a wallet (spec part 2 "Checkout" validation). */
export function CheckoutSignedOut() {
  useEffect(() => {
    // One toast, also when StrictMode runs the effect twice.
    toast.error(CHECKOUT_TEXTS.authRequired[0], {
      id: 'checkout-auth-required',
      description: CHECKOUT_TEXTS.authRequired[1],
    });
  }, []);
  return (
    <div className="container commerce-page">
      <h1 className="page-title">Checkout</h1>
      <div className="status">
        <p className="status-title">{CHECKOUT_TEXTS.connectInline}</p>
        <div className="status-actions">
          <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
            Connect Wallet
          </button>
          <Link to="/cart" className="btn btn-outline">
            Back to Cart
          </Link>
        </div>
      </div>
    </div>
  );
}
