import '../../../../styles/admin-network.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  CONNECTION_TIMEOUT_RANGE,
  ESCROW_WINDOW_RANGE,
  MAX_RETRIES_RANGE,
  type NetworkSettingsView,
} from '../../../../../../shared/api/admin-network';
import { DetailList } from '../../../../components/ui/detail-list';
import { errorProps, FormField } from '../../../../components/ui/form-field';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { saveNetworkSettings, useNetworkSettings } from '../../../../domains/admin-network/api';
import { SettingSwitch } from '../../../../domains/seller-settings/setting-switch';
import { ApiError } from '../../../../lib/api';
import { ConnectionTest } from './connection-test';
import { formErrorsOf, formOf, validateNetworkForm, type FieldErrors, type NetworkForm } from './network-form';

const LOAD_FAILED = 'Failed to load XRPL network settings';
const networkName = (n: string) => n[0]!.toUpperCase() + n.slice(1);
const NETWORK_HINT =
  "From the deployment's configuration: its wallet, RLUSD issuer and keys belong to this network, so every endpoint " +
  'must serve it (a node reporting another network is passed over).';
const ENDPOINTS_HINT = 'One ws:// or wss:// URL a line, the primary first. Every function dials them within a minute.';

function NumberField({
  id,
  label,
  value,
  min,
  max,
  unit,
  error,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min: number;
  max: number;
  unit: string;
  error?: string;
  hint?: string;
  onChange(value: string): void;
}) {
  const help = hint ?? `${min} to ${max} ${unit}`;
  return (
    <FormField id={id} label={label} error={error} hint={help}>
      <input
        {...errorProps(id, error, true, help)}
        className="input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

function SettingsForm({
  view,
  token,
  onSaved,
}: {
  view: NetworkSettingsView;
  token: string;
  onSaved(saved: NetworkSettingsView): void;
}) {
  const ids = useId();
  const [form, setForm] = useState(() => formOf(view.settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof NetworkForm>(key: K, value: NetworkForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const fieldId = (key: keyof NetworkForm) => `${ids}-${key}`;
  const focusFirst = (found: FieldErrors) => {
    const first = Object.keys(found)[0] as keyof NetworkForm | undefined;
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateNetworkForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(checked.errors);
      return;
    }
    setSaving(true);
    saveNetworkSettings(token, checked.body)
      .then((saved) => {
        setForm(formOf(saved.settings));
        onSaved(saved);
        toast.success('XRPL settings saved');
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.fields) {
          const found = formErrorsOf(error.fields);
          setErrors(found);
          focusFirst(found);
        }
        toast.error('Failed to save XRPL settings', {
          ...(error instanceof ApiError && error.status < 500 && { description: error.message }),
        });
      })
      .finally(() => setSaving(false));
  };

  return (
    <form className="admin-network-form" onSubmit={submit} noValidate aria-busy={saving}>
      <fieldset className="admin-section" disabled={saving}>
        <legend className="section-heading">Network</legend>
        <FormField
          id={`${ids}-network`}
          label="XRPL network"
          hint={
            <>
              {NETWORK_HINT} Its own endpoint, dialled until endpoints are saved: <code>{view.inUse.url}</code>
            </>
          }
        >
          <input
            id={`${ids}-network`}
            className="input"
            value={networkName(view.inUse.network)}
            readOnly
            aria-describedby={`${ids}-network-hint`}
          />
        </FormField>
        <FormField id={fieldId('rpcUrls')} label="RPC endpoints" error={errors.rpcUrls} hint={ENDPOINTS_HINT}>
          <textarea
            {...errorProps(fieldId('rpcUrls'), errors.rpcUrls, true, ENDPOINTS_HINT)}
            className="input"
            rows={3}
            spellCheck={false}
            value={form.rpcUrls}
            onChange={(e) => set('rpcUrls', e.target.value)}
          />
        </FormField>
        <SettingSwitch
          id={fieldId('enableBackupNodes')}
          label="Backup nodes"
          hint="On: a failed connection is retried on the next endpoint. Off: only the primary is dialled."
          checked={form.enableBackupNodes}
          onChange={(on) => set('enableBackupNodes', on)}
        />
        <NumberField
          id={fieldId('connectionTimeoutSeconds')}
          label="Connection timeout (seconds)"
          value={form.connectionTimeoutSeconds}
          {...CONNECTION_TIMEOUT_RANGE}
          unit="seconds"
          hint={`${CONNECTION_TIMEOUT_RANGE.min} to ${CONNECTION_TIMEOUT_RANGE.max} seconds for each connection attempt and request. API functions stop after 10 seconds (29 when they submit), so a longer wait leaves no time for a backup.`}
          error={errors.connectionTimeoutSeconds}
          onChange={(v) => set('connectionTimeoutSeconds', v)}
        />
        <NumberField
          id={fieldId('maxRetries')}
          label="Max retries"
          value={form.maxRetries}
          {...MAX_RETRIES_RANGE}
          unit="retries"
          hint={`${MAX_RETRIES_RANGE.min} to ${MAX_RETRIES_RANGE.max}: connection attempts after a failed one, each on the next endpoint.`}
          error={errors.maxRetries}
          onChange={(v) => set('maxRetries', v)}
        />
      </fieldset>
      <fieldset className="admin-section" disabled={saving}>
        <legend className="section-heading">Escrow defaults</legend>
        <NumberField
          id={fieldId('escrowWindowHours')}
          label="Cancel after (hours)"
          value={form.escrowWindowHours}
          min={ESCROW_WINDOW_RANGE.floor}
          max={ESCROW_WINDOW_RANGE.max}
          unit="hours"
          hint={`${ESCROW_WINDOW_RANGE.floor} to ${ESCROW_WINDOW_RANGE.max} hours. New orders take it; open escrows keep their own.`}
          error={errors.escrowWindowHours}
          onChange={(v) => set('escrowWindowHours', v)}
        />
        <DetailList
          rows={[
            ['Inspection period', `${view.protection.inspectionHours} hours (deployment setting)`],
            ['Release margin', `${view.protection.releaseMarginHours} hours before Cancel after (deployment setting)`],
            ['Finish after', 'None: the crypto-condition holds each escrow until delivery and inspection are over'],
            ['Require condition', 'Always on: every release depends on the escrow’s crypto-condition'],
          ]}
        />
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save XRPL Settings'}
        </button>
      </div>
    </form>
  );
}

/** The admin portal's XRPL Network tab (spec part 3 "Admin portal"; decision 064). */
export function NetworkTab({ token, userId }: { token: string; userId: string }) {
  const headingId = useId();
  const { data, error, isLoading, mutate } = useNetworkSettings(userId, token);
  const failed = Boolean(error) && !isLoading;
  useEffect(() => {
    if (failed) toast.error(LOAD_FAILED);
  }, [failed]);
  const endpoints = data ? [...new Set([data.inUse.url, ...data.settings.rpcUrls])] : [];
  return (
    <section className="admin-network" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        XRPL Network
      </h2>
      {data ? (
        <>
          <SettingsForm
            key={data.updatedAt ?? 'defaults'}
            view={data}
            token={token}
            onSaved={(saved) => void mutate(saved, { revalidate: false })}
          />
          <ConnectionTest key={endpoints.join(' ')} token={token} endpoints={endpoints} />
        </>
      ) : failed ? (
        <LoadFailed title={LOAD_FAILED} outline onRetry={() => void mutate()} />
      ) : (
        <PageLoading text="Loading XRPL network settings..." />
      )}
    </section>
  );
}
