import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormField, errorProps } from '../../../../components/ui/form-field';
import { SelectField } from '../../../../components/ui/select-field';
import { ApiError } from '../../../../lib/api';
import { setSellerVerification } from '../../../../domains/admin/moderation-api';
import { ReasonField } from './reason-field';

const ACTIONS = [
  ['verify', 'Mark verified'],
  ['unverify', 'Remove verified mark'],
] as const;

/**
 * An administrator marks a seller verified or not (decision 069): the 'Verified Seller' badge, and with require_kyc on
 * the right to publish listings.
 */
export function SellerVerificationForm({ token }: { token: string }) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [action, setAction] = useState<'verify' | 'unverify'>('verify');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ username?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = username.trim();
    const found = {
      username: name ? undefined : 'Please enter a username.',
      reason: reason.trim() ? undefined : 'Please give a reason.',
    };
    setErrors(found);
    if (found.username || found.reason) return;
    setBusy(true);
    try {
      const after = await setSellerVerification(token, name, { verified: action === 'verify', reason: reason.trim() });
      toast.success('Seller Updated', {
        description: `${after.username} is ${after.verified ? 'a verified seller' : 'not verified'}`,
      });
      setReason('');
    } catch (error) {
      toast.error('Failed to update seller', {
        description: error instanceof ApiError ? error.message : 'Unexpected error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-moderation-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="section-title">
        Seller verification
      </h2>
      <FormField id={`${id}-username`} label="Seller username" required error={errors.username}>
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
        onChange={(v) => setAction(v as 'verify' | 'unverify')}
        options={ACTIONS}
      />
      <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} error={errors.reason} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Apply to Seller'}
      </button>
    </form>
  );
}
