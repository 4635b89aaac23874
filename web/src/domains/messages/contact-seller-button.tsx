import { useId, useState } from 'react';
import { useContactSeller, type ContactTarget } from './api';
import { useOptionalSession } from '../../lib/session/session-context';

/**
 * Contact Seller (item page, purchase page) or Message (store page): finds or makes the conversation and opens it in
 * /messages (spec part 1 "Contact seller and wishlist", part 3 store page). Busy while the conversation is being found.
 * With `refusal` (a seller who does not accept direct messages, decision 057) it is disabled, the reason beside it.
 */
export function ContactSellerButton({
  target,
  sellerId,
  label = 'Contact Seller',
  className = 'btn btn-outline',
  refusal = null,
}: {
  target: ContactTarget;
  sellerId: string;
  label?: string;
  className?: string;
  refusal?: string | null;
}) {
  const contact = useContactSeller();
  const restoring = useOptionalSession()?.status === 'loading';
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  if (refusal) {
    return (
      <span className="contact-refused">
        <button type="button" className={className} disabled aria-describedby={noteId}>
          {label}
        </button>
        <span id={noteId} className="field-hint">
          {refusal}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      disabled={busy || restoring}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void contact(target, sellerId).finally(() => setBusy(false));
      }}
    >
      {busy ? 'Opening...' : label}
    </button>
  );
}
