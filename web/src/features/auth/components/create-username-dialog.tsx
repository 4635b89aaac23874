import '../../../styles/create-username.css';
import { useState, type FormEvent } from 'react';
import type { SignedIn } from '../../../../../shared/api/auth';
import {
  USERNAME_INPUT_MAX_LENGTH,
  USERNAME_MESSAGES,
  USERNAME_MIN_LENGTH,
} from '../../../../../shared/domain/username';
import { CheckIcon, CloseIcon, CrossIcon } from '../../../components/ui/icons';
import { createAccount } from '../../../domains/auth/api';
import { ApiError } from '../../../lib/api';
import { SIGN_IN_TOASTS, toastError } from '../lib/sign-in-toasts';
import { useUsernameAvailability, type Availability } from '../lib/use-username-availability';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';

export interface CreateUsernameDialogProps {
  /** The wallet the server verified; shown so the person knows which account they are creating. */
  walletAddress: string;
  ticket: string;
  onCreated(signed: SignedIn): void;
  /** Closing drops the pending wallet and its ticket. */
  onClose(): void;
}

function StatusIcon({ availability }: { availability: Availability }) {
  if (availability.state === 'checking') return <span className="spinner spinner-sm" aria-hidden />;
  if (availability.state === 'available') {
    return (
      <span className="username-icon available" aria-hidden>
        <CheckIcon />
      </span>
    );
  }
  if (availability.state === 'unavailable') {
    return (
      <span className="username-icon unavailable" aria-hidden>
        <CrossIcon />
      </span>
    );
  }
  return null;
}

/**
 * Spec part 1 "Create Your Username dialog" and "Wallet and username": a new wallet picks a unique username, then the
 * account is created.
 */
export function CreateUsernameDialog({ walletAddress, ticket, onCreated, onClose }: CreateUsernameDialogProps) {
  const [username, setUsername] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // A name the server refused at creation (lost a race): shown as taken until the name changes.
  const [refused, setRefused] = useState<{ name: string; message: string } | null>(null);
  const checked = useUsernameAvailability(username);
  const availability: Availability =
    refused && refused.name === username.trim() ? { state: 'unavailable', message: refused.message } : checked;
  const canCreate = availability.state === 'available' && username.trim() !== '' && !submitting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    const name = username.trim();
    setSubmitting(true);
    createAccount(name, ticket)
      .then(onCreated)
      .catch((error: unknown) => {
        setSubmitting(false);
        if (error instanceof ApiError && error.status === 409) {
          setRefused({ name, message: USERNAME_MESSAGES.taken });
        }
        toastError(SIGN_IN_TOASTS.createFailed, error);
      });
  };

  const messageClass =
    availability.state === 'available'
      ? 'username-message available'
      : availability.state === 'unavailable'
        ? 'username-message unavailable'
        : 'username-message';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create Your Username"
      header={
        <DialogClose className="btn btn-ghost btn-icon" aria-label="Close">
          <CloseIcon />
        </DialogClose>
      }
      description="Choose a unique username. It is shown to other users when you buy, sell and message on the marketplace."
    >
      <form className="dialog-form" onSubmit={submit} noValidate>
        <div>
          <label className="field-label" htmlFor="new-username">
            Username
          </label>
          <div className="username-field">
            <input
              id="new-username"
              className="input"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              maxLength={USERNAME_INPUT_MAX_LENGTH}
              minLength={USERNAME_MIN_LENGTH}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-describedby="new-username-status"
              aria-invalid={availability.state === 'unavailable'}
              autoFocus
            />
            <StatusIcon availability={availability} />
          </div>
          <p id="new-username-status" className={messageClass} role="status" aria-live="polite">
            {availability.state === 'checking' ? 'Checking availability...' : availability.message}
          </p>
        </div>
        <div className="connected-wallet">
          <span className="field-label">Connected wallet</span>
          <code className="wallet-address">{walletAddress}</code>
        </div>
        <DialogActions>
          <button type="submit" className="btn btn-primary" disabled={!canCreate}>
            {submitting ? 'Creating...' : 'Create Account'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
