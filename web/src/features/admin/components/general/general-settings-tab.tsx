import '../../../../styles/admin-general.css';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminSettingsView } from '../../../../../../shared/api/admin-settings';
import {
  ANNOUNCEMENT_MAX,
  FEE_BASIS_POINTS_RANGE,
  MAX_LISTING_IMAGES_RANGE,
  UPC_CACHE_HOURS_RANGE,
  UPC_RATE_LIMIT_RANGE,
  type SettingKey,
  type UpcService,
} from '../../../../../../shared/domain/admin-settings';
import { errorProps, FormField } from '../../../../components/ui/form-field';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { SelectField } from '../../../../components/ui/select-field';
import { updateAdminSettings, useAdminSettings } from '../../../../domains/platform-settings/api';
import { SettingSwitch } from '../../../../domains/seller-settings/setting-switch';
import { ApiError } from '../../../../lib/api';
import { changesOf, formOf, type FieldErrors, type GeneralForm } from './general-form';

const SERVICE_LABELS: Record<UpcService, string> = {
  barcodelookup: 'Barcode Lookup',
  goupc: 'Go-UPC',
  upcitemdb: 'UPCitemdb',
  barcodespider: 'Barcode Spider',
};

function NumberField({
  id,
  label,
  value,
  error,
  hint,
  range,
  step = 1,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint: string;
  range: { min: number; max: number };
  step?: number;
  onChange(value: string): void;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input
        {...errorProps(id, error, true, hint)}
        className="input"
        type="number"
        inputMode="decimal"
        min={range.min}
        max={range.max}
        step={step}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

function GeneralSettingsForm({
  view,
  token,
  onSaved,
}: {
  view: AdminSettingsView;
  token: string;
  onSaved(saved: AdminSettingsView): void;
}) {
  const ids = useId();
  const id = (key: string) => `${ids}-${key}`;
  const [form, setForm] = useState(() => formOf(view.settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof GeneralForm>(key: K, value: GeneralForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const focusFirst = (e: FieldErrors) => {
    const first = Object.keys(e)[0] as SettingKey | undefined;
    if (first) document.getElementById(id(first))?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = changesOf(form, view.settings);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    updateAdminSettings(token, checked.body)
      .then((saved) => {
        setForm(formOf(saved.settings));
        onSaved(saved);
        toast.success('Settings Saved');
      })
      .catch((error: unknown) => {
        const fields = error instanceof ApiError ? (error.fields as FieldErrors | undefined) : undefined;
        if (fields) {
          setErrors(fields);
          focusFirst(fields);
        }
        toast.error('Failed to save settings', { description: error instanceof Error ? error.message : undefined });
      })
      .finally(() => setSaving(false));
  };

  const services = view.upcServices.map((s) => [s, SERVICE_LABELS[s]] as const);
  const left = ANNOUNCEMENT_MAX - form.announcementMessage.length;
  return (
    <form className="admin-general-form" onSubmit={submit} noValidate aria-busy={saving}>
      <fieldset className="admin-general-section" disabled={saving}>
        <legend className="section-heading">Platform</legend>
        <SettingSwitch
          id={id('maintenanceMode')}
          label="Maintenance mode"
          hint="Every page shows a maintenance banner; buying, selling and other changes answer 'try again later'. Sign-in and the admin portal keep working."
          checked={form.maintenanceMode}
          onChange={(on) => set('maintenanceMode', on)}
        />
        <FormField
          id={id('announcementMessage')}
          label="Announcement message"
          error={errors.announcementMessage}
          hint={`A banner on every page that visitors can dismiss. ${left} characters left.`}
        >
          <textarea
            {...errorProps(id('announcementMessage'), errors.announcementMessage, false, true)}
            className="input"
            rows={3}
            maxLength={ANNOUNCEMENT_MAX}
            value={form.announcementMessage}
            onChange={(e) => set('announcementMessage', e.target.value)}
          />
        </FormField>
        <NumberField
          id={id('maxListingImages')}
          label="Max listing images"
          value={form.maxListingImages}
          error={errors.maxListingImages}
          hint="Photos per listing, 1 to 20."
          range={MAX_LISTING_IMAGES_RANGE}
          onChange={(v) => set('maxListingImages', v)}
        />
        <SettingSwitch
          id={id('requireKyc')}
          label="Require KYC"
          hint="Only sellers an administrator marked verified may publish listings."
          checked={form.requireKyc}
          onChange={(on) => set('requireKyc', on)}
        />
      </fieldset>
      <fieldset className="admin-general-section" disabled={saving}>
        <legend className="section-heading">Fees</legend>
        <NumberField
          id={id('platformFeeBasisPoints')}
          label="Platform fee (%)"
          value={form.platformFeePercent}
          error={errors.platformFeeBasisPoints}
          hint="0 to 100, in steps of 0.1. Applies to fees requested from now on; orders keep the rate they were quoted."
          range={{ min: 0, max: FEE_BASIS_POINTS_RANGE.max / 100 }}
          step={0.1}
          onChange={(v) => set('platformFeePercent', v)}
        />
        <FormField id={id('wallet')} label="Platform wallet address" hint="From the deployment's configuration.">
          <input
            id={id('wallet')}
            className="input admin-wallet"
            value={view.platformWalletAddress}
            readOnly
            aria-describedby={`${id('wallet')}-hint`}
          />
        </FormField>
      </fieldset>
      <fieldset className="admin-general-section" disabled={saving}>
        <legend className="section-heading">UPC lookup</legend>
        <SelectField
          id={id('upcService')}
          label="Lookup service"
          value={form.upcService}
          options={services}
          error={errors.upcService}
          onChange={(v) => set('upcService', v as UpcService)}
        />
        <NumberField
          id={id('upcRateLimitPerMinute')}
          label="Rate limit (per minute)"
          value={form.upcRateLimitPerMinute}
          error={errors.upcRateLimitPerMinute}
          hint="1 to 1000 lookups a minute."
          range={UPC_RATE_LIMIT_RANGE}
          onChange={(v) => set('upcRateLimitPerMinute', v)}
        />
        <NumberField
          id={id('upcCacheHours')}
          label="Cache duration (hours)"
          value={form.upcCacheHours}
          error={errors.upcCacheHours}
          hint="1 to 168 hours."
          range={UPC_CACHE_HOURS_RANGE}
          onChange={(v) => set('upcCacheHours', v)}
        />
        <SettingSwitch
          id={id('upcFallback')}
          label="Fallback"
          hint="Try the next configured service when the chosen one fails."
          checked={form.upcFallback}
          onChange={(on) => set('upcFallback', on)}
        />
      </fieldset>
      <div className="admin-general-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}

/** The admin portal's General tab (spec part 3 "Admin portal"; decision 063). */
export function GeneralSettingsTab({ token, userId }: { token: string; userId: string }) {
  const headingId = useId();
  const { data, error, isLoading, mutate } = useAdminSettings(userId, token);
  return (
    <section className="admin-general" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        General
      </h2>
      {data ? (
        <GeneralSettingsForm view={data} token={token} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
      ) : error && !isLoading ? (
        <LoadFailed title="Failed to load admin settings" outline onRetry={() => void mutate()} />
      ) : (
        <PageLoading text="Loading settings..." />
      )}
    </section>
  );
}
