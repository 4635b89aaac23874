import '../../styles/seller-settings.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  NOTIFICATION_TOGGLES,
  PRIVACY_TOGGLES,
  SELLER_SETTINGS_TEXTS,
  TOGGLE_TEXTS,
  type BusinessType,
  type SellerSettings,
} from '../../../../shared/domain/seller-settings';
import { errorProps, FormField } from '../../components/ui/form-field';
import { LoadFailed } from '../../components/ui/load-failed';
import { PageLoading } from '../../components/ui/page-loading';
import { SelectField } from '../../components/ui/select-field';
import { ApiError } from '../../lib/api';
import { saveSellerSettings, useSellerSettings } from './api';
import { FIELD_IDS, focusFirstError, validateSettings, type FieldErrors } from './settings-form';
import { SettingSwitch } from './setting-switch';

const BUSINESS_OPTIONS = BUSINESS_TYPES.map((t) => [t, BUSINESS_TYPE_LABELS[t]] as const);
const TAX_ID_HINT = 'An EIN (12-3456789), or an SSN or ITIN (123-45-6789). Only you see it.';

function SettingsForm({
  initial,
  token,
  onSaved,
}: {
  initial: SellerSettings;
  token: string;
  onSaved(saved: SellerSettings): void;
}) {
  const ids = useId();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const setBusiness = <K extends keyof SellerSettings['business']>(key: K, value: SellerSettings['business'][K]) => {
    setForm((f) => ({ ...f, business: { ...f.business, [key]: value } }));
    setErrors(({ [`business.${key}`]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSettings(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    saveSellerSettings(token, checked.body)
      .then((saved) => {
        setForm(saved);
        onSaved(saved);
        toast.success(SELLER_SETTINGS_TEXTS.saved);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.fields) {
          setErrors(error.fields);
          focusFirstError(error.fields);
        }
        const [title, description] = SELLER_SETTINGS_TEXTS.saveFailed;
        toast.error(title, { description });
      })
      .finally(() => setSaving(false));
  };

  const business = form.business;
  const nameRequired = business.businessType !== 'individual';
  const nameId = FIELD_IDS['business.businessName']!;
  const taxId = FIELD_IDS['business.taxId']!;
  return (
    <form className="seller-settings-form" onSubmit={submit} noValidate aria-busy={saving}>
      <fieldset className="seller-settings-section" disabled={saving}>
        <legend className="section-heading">Notifications</legend>
        {NOTIFICATION_TOGGLES.map((key) => (
          <SettingSwitch
            key={key}
            id={`${ids}-${key}`}
            {...TOGGLE_TEXTS[key]}
            checked={form.notifications[key]}
            onChange={(on) => setForm((f) => ({ ...f, notifications: { ...f.notifications, [key]: on } }))}
          />
        ))}
      </fieldset>
      <fieldset className="seller-settings-section" disabled={saving}>
        <legend className="section-heading">Privacy</legend>
        {PRIVACY_TOGGLES.map((key) => (
          <SettingSwitch
            key={key}
            id={`${ids}-${key}`}
            {...TOGGLE_TEXTS[key]}
            checked={form.privacy[key]}
            onChange={(on) => setForm((f) => ({ ...f, privacy: { ...f.privacy, [key]: on } }))}
          />
        ))}
      </fieldset>
      <fieldset className="seller-settings-section" disabled={saving}>
        <legend className="section-heading">Business Information</legend>
        <SelectField
          id={FIELD_IDS['business.businessType']!}
          label="Business type"
          value={business.businessType}
          options={BUSINESS_OPTIONS}
          error={errors['business.businessType']}
          onChange={(v) => setBusiness('businessType', v as BusinessType)}
        />
        <FormField id={nameId} label="Business name" required={nameRequired} error={errors['business.businessName']}>
          <input
            {...errorProps(nameId, errors['business.businessName'], nameRequired)}
            className="input"
            value={business.businessName}
            autoComplete="organization"
            onChange={(e) => setBusiness('businessName', e.target.value)}
          />
        </FormField>
        <FormField id={taxId} label="Tax ID" error={errors['business.taxId']} hint={TAX_ID_HINT}>
          <input
            {...errorProps(taxId, errors['business.taxId'], false, TAX_ID_HINT)}
            className="input"
            value={business.taxId}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setBusiness('taxId', e.target.value)}
          />
        </FormField>
      </fieldset>
      <div className="seller-settings-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}

/**
 * The seller portal's Settings tab (spec part 3 "Seller portal"; decision 057): notification and privacy switches and
 * business information, saved together with Save Settings ('Settings Saved'). `dangerZone` is where the portal puts
 * its Danger zone (Deactivate, Delete Data), a component of its own, below the sections.
 */
export function SellerSettingsTab({
  userId,
  token,
  dangerZone,
}: {
  userId: string;
  token: string;
  dangerZone?: ReactNode;
}) {
  const headingId = useId();
  const { data, error, isLoading, mutate } = useSellerSettings(userId, token);
  return (
    <section className="seller-settings" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        Settings
      </h2>
      {data ? (
        <SettingsForm initial={data} token={token} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
      ) : error && !isLoading ? (
        <LoadFailed title="Failed to load settings" outline onRetry={() => void mutate()} />
      ) : (
        <PageLoading text="Loading settings..." />
      )}
      {dangerZone}
    </section>
  );
}
