import { useId, useState, type FormEvent } from 'react';
import { confirmsUsername, DELETED_USER } from '../../../../../shared/domain/account-state';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';

/**
 * Delete Data asks for the username typed as confirmation: the button stays disabled until it matches (the server
 * checks it too). What goes and what stays is said before anything is sent (decision 059).
 */
export function DeleteDataDialog({
  open,
  username,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  username: string;
  busy: boolean;
  error: string | null;
  onConfirm(confirmUsername: string): void;
  onClose(): void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const matches = confirmsUsername(typed, username);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && matches) onConfirm(typed);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || busy) return;
        setTyped('');
        onClose();
      }}
      title="Delete Data"
      description="This permanently deletes your data and signs you out. It cannot be undone."
    >
      <ul className="danger-zone-list">
        <li>
          Deleted: your name, email, phone, addresses, bio, store texts, avatar and banner; your listings that have no
          orders and their photos; your wishlist, cart and follows; the text of your messages.
        </li>
        <li>
          Kept, shown as &lsquo;{DELETED_USER}&rsquo;: your orders, their escrows and the reviews on them, which the
          other party and the law still need. Your wallet address stays on the public ledger.
        </li>
      </ul>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <div className="form-field">
          <label className="field-label" htmlFor={`${id}-confirm`}>
            Type your username, <strong>{username}</strong>, to confirm
          </label>
          <input
            id={`${id}-confirm`}
            className="input"
            value={typed}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions busy={busy}>
          <button type="submit" className="btn btn-danger" disabled={busy || !matches}>
            {busy ? 'Deleting...' : 'Delete Data'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
