import '../../../styles/settings.css';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Profile } from '../../../../../shared/api/profile';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api';
import { RequireSignIn } from '../../../lib/session/require-sign-in';
import { useSignedInSession } from '../../../lib/session/session-context';
import { dispatchSellerStatusChanged } from '../../../lib/session/session-events';
import { AddressEditor } from '../components/address-editor';
import { AvatarUpload } from '../../../domains/profile/avatar-upload';
import { TrustLineDialog } from '../components/trust-line-dialog';
import { useRlusdTrustLine, type LineStatus } from '../lib/use-trust-line';
import { errorProps, FormField } from '../../../components/ui/form-field';
import { formFromProfile, validateProfileForm, type FieldErrors, type ProfileForm } from '../lib/profile-form';
import { LoadFailed } from '../../../components/ui/load-failed';
import { updateProfile, useProfile } from '../../../domains/profile/api';

export const SAVE_FAILED = 'Failed to save profile. Please try again.';

/** Focus the first field with an error, in page order (the errors object's order is not the page's). */
function focusFirstError(errors: FieldErrors) {
  const fields = Object.keys(errors)
    .map((key) => document.getElementById(key.replace('.', '-')))
    .filter((el): el is HTMLElement => el !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  fields[0]?.focus();
}

/** What the page knows of the seller's RLUSD trust line, with the action that fixes a missing or unread one. */
function TrustLineNotice({ status, onAdd, onCheck }: { status: LineStatus; onAdd(): void; onCheck(): void }) {
  return (
    <div aria-live="polite">
      {status === 'checking' && <p className="trust-line-notice">Checking your wallet for an RLUSD trust line...</p>}
      {status === 'present' && (
        <p className="notice notice-success trust-line-notice">
          Your wallet has an RLUSD trust line: buyers can pay you in RLUSD.
        </p>
      )}
      {status === 'missing' && (
        <div className="notice notice-warning trust-line-notice">
          <span>Your wallet has no RLUSD trust line yet, so buyers can&apos;t pay you in RLUSD.</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={onAdd}>
            Add RLUSD Trust Line
          </button>
        </div>
      )}
      {status === 'error' && (
        <div className="notice notice-danger trust-line-notice">
          <span>Could not check your wallet for an RLUSD trust line.</span>
          <button type="button" className="btn btn-outline btn-sm" onClick={onCheck}>
            Check Again
          </button>
        </div>
      )}
    </div>
  );
}

function SettingsForm({ profile, onSaved }: { profile: Profile; onSaved(profile: Profile): void }) {
  const { token, user, updateUser } = useSignedInSession();
  // Selling needs an RLUSD trust line (escrows pay out to it): checked on every save as a seller, asked for if missing.
  const trustLine = useRlusdTrustLine(token);
  const [form, setForm] = useState<ProfileForm>(() => formFromProfile(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateProfileForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    updateProfile(token, checked.body)
      .then((saved) => {
        onSaved(saved);
        toast.success('Profile Updated');
        dispatchSellerStatusChanged({ isSeller: saved.isSeller });
        if (saved.isSeller) void trustLine.check();
        else trustLine.forget();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.fields) {
          setErrors(error.fields);
          focusFirstError(error.fields);
        }
        toast.error('Error', { description: SAVE_FAILED });
      })
      .finally(() => setSaving(false));
  };

  const text = (key: 'fullName' | 'email' | 'phone', label: string, type: string, autoComplete: string) => (
    <FormField id={key} label={label} required error={errors[key]}>
      <input
        {...errorProps(key, errors[key], true)}
        className="input"
        type={type}
        value={form[key]}
        onChange={(e) => set(key, e.target.value)}
        autoComplete={autoComplete}
      />
    </FormField>
  );

  return (
    <>
      <form className="settings-form" onSubmit={submit} noValidate>
        <section className="settings-section" aria-labelledby="settings-avatar">
          <h2 id="settings-avatar" className="section-heading">
            Avatar
          </h2>
          <AvatarUpload
            username={user.username}
            avatarUrl={profile.avatarUrl}
            token={token}
            onUploaded={(saved) => {
              onSaved(saved);
              updateUser({ avatarUrl: saved.avatarUrl });
            }}
          />
        </section>
        <section className="settings-section" aria-labelledby="settings-personal">
          <h2 id="settings-personal" className="section-heading">
            Personal Information
          </h2>
          {text('fullName', 'Full Name', 'text', 'name')}
          {text('email', 'Email', 'email', 'email')}
          {text('phone', 'Phone', 'tel', 'tel')}
        </section>
        <section className="settings-section" aria-labelledby="settings-address">
          <h2 id="settings-address" className="section-heading">
            Address
          </h2>
          <AddressEditor
            legend="Shipping address"
            name="address"
            value={form.address}
            errors={errors}
            onChange={(a) => set('address', a)}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.useDifferentReturnAddress}
              onChange={(e) => set('useDifferentReturnAddress', e.target.checked)}
            />
            Use a different return address
          </label>
          {form.useDifferentReturnAddress && (
            <AddressEditor
              legend="Return address"
              name="returnAddress"
              value={form.returnAddress}
              errors={errors}
              onChange={(a) => set('returnAddress', a)}
            />
          )}
        </section>
        <section className="settings-section" aria-labelledby="settings-selling">
          <h2 id="settings-selling" className="section-heading">
            Selling
          </h2>
          <label className="checkbox">
            <input type="checkbox" checked={form.isSeller} onChange={(e) => set('isSeller', e.target.checked)} />I want
            to sell items on the marketplace
          </label>
          <TrustLineNotice status={trustLine.status} onAdd={trustLine.request} onCheck={() => void trustLine.check()} />
        </section>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
      {trustLine.dialog && (
        <TrustLineDialog state={trustLine.dialog} onRetry={trustLine.request} onClose={trustLine.close} />
      )}
    </>
  );
}

function Settings() {
  // Keyed by the user, not the token (domains/profile): a renewed token must not empty the cache and unmount a form
  // being edited.
  const { data, error, isLoading, mutate } = useProfile();
  return (
    <div className="container page-narrow">
      <h1 className="page-title">Profile Settings</h1>
      {data ? (
        <SettingsForm profile={data} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
      ) : error && !isLoading ? (
        <LoadFailed title="Failed to load user profile." onRetry={() => void mutate()} />
      ) : (
        <PageLoading text="Loading profile..." />
      )}
    </div>
  );
}

/** /settings (spec part 3 "Profile settings"). */
export function SettingsPage() {
  return (
    <RequireSignIn>
      <Settings />
    </RequireSignIn>
  );
}
