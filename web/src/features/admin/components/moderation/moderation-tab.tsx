import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ListingModeration, UserModeration } from '../../../../../../shared/api/admin-moderation';
import { FormField, errorProps } from '../../../../components/ui/form-field';
import { SelectField } from '../../../../components/ui/select-field';
import { ApiError } from '../../../../lib/api';
import { moderateListing, moderateUser } from '../../../../domains/admin/moderation-api';
import { ReasonField } from './reason-field';
import { SellerVerificationForm } from './seller-verification-form';

const LISTING_ACTIONS = [
  ['feature', 'Mark featured'],
  ['unfeature', 'Remove featured'],
  ['hide', 'Hide'],
  ['unhide', 'Unhide'],
] as const;
const USER_ACTIONS = [
  ['suspend', 'Suspend'],
  ['unsuspend', 'Unsuspend'],
] as const;

/** A listing id, or a listing's link (its last path part). */
export function listingIdOf(input: string): string {
  const trimmed = input.trim().replace(/[?#].*$/, '');
  return trimmed.split('/').filter(Boolean).pop() ?? '';
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Unexpected error');

function ListingForm({ token }: { token: string }) {
  const id = useId();
  const [listing, setListing] = useState('');
  const [action, setAction] = useState<ListingModeration>('feature');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ listing?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const listingId = listingIdOf(listing);
    const found = {
      listing: listingId ? undefined : 'Please enter a listing id.',
      reason: reason.trim() ? undefined : 'Please give a reason.',
    };
    setErrors(found);
    if (found.listing || found.reason) return;
    setBusy(true);
    try {
      const after = await moderateListing(token, listingId, { action, reason: reason.trim() });
      toast.success('Listing Updated', {
        description: `${after.title}: ${after.hidden ? 'hidden' : 'visible'}${after.featured ? ', featured' : ''}`,
      });
      setReason('');
    } catch (error) {
      toast.error('Failed to update listing', { description: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-moderation-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="section-title">
        Listing
      </h2>
      <FormField id={`${id}-listing`} label="Listing id or link" required error={errors.listing}>
        <input
          {...errorProps(`${id}-listing`, errors.listing, true)}
          value={listing}
          onChange={(e) => setListing(e.target.value)}
        />
      </FormField>
      <SelectField
        id={`${id}-action`}
        label="Action"
        value={action}
        onChange={(v) => setAction(v as ListingModeration)}
        options={LISTING_ACTIONS}
      />
      <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} error={errors.reason} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Apply to Listing'}
      </button>
    </form>
  );
}

function UserForm({ token }: { token: string }) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [action, setAction] = useState<UserModeration>('suspend');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ username?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      username: username.trim() ? undefined : 'Please enter a username.',
      reason: reason.trim() ? undefined : 'Please give a reason.',
    };
    setErrors(found);
    if (found.username || found.reason) return;
    setBusy(true);
    try {
      const after = await moderateUser(token, { username: username.trim(), action, reason: reason.trim() });
      toast.success('User Updated', {
        description: `${after.username} is ${after.suspended ? 'suspended' : 'active'}`,
      });
      setReason('');
    } catch (error) {
      toast.error('Failed to update user', { description: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-moderation-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="section-title">
        User
      </h2>
      <FormField id={`${id}-username`} label="Username" required error={errors.username}>
        <input
          {...errorProps(`${id}-username`, errors.username, true)}
          value={username}
          autoComplete="off"
          onChange={(e) => setUsername(e.target.value)}
        />
      </FormField>
      <SelectField
        id={`${id}-action`}
        label="Action"
        value={action}
        onChange={(v) => setAction(v as UserModeration)}
        options={USER_ACTIONS}
      />
      <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} error={errors.reason} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Apply to User'}
      </button>
    </form>
  );
}

/**
 * The admin Moderation tab (decision 066): a listing featured (the home page's Hot Auctions), hidden or unhidden; a
 * user suspended or unsuspended; a seller marked verified or not (decision 069). Each needs a reason, which the audit
 * log keeps and a hidden listing's seller is told.
 */
export function ModerationTab({ token }: { token: string }) {
  return (
    <div className="admin-moderation">
      <ListingForm token={token} />
      <UserForm token={token} />
      <SellerVerificationForm token={token} />
    </div>
  );
}
