import '../../../../styles/admin-network.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  API_KEY_EMPTY,
  SECRET_TTL_SECONDS,
  type ApiService,
  type ManagedKey,
} from '../../../../../../shared/api/admin-api-keys';
import { errorProps, FormField } from '../../../../components/ui/form-field';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { PageLoading } from '../../../../components/ui/page-loading';
import { saveApiKey, testApiConnection, useApiKeys } from '../../../../domains/admin-network/api';

const LOAD_FAILED = 'Failed to load API keys';
/** Functions keep a key for SECRET_TTL_SECONDS before reading it again (decision 071). */
export const TAKES_EFFECT = `A saved key is used in place of the deployment's own within ${SECRET_TTL_SECONDS / 60} minutes.`;

interface KeyStatus {
  name: ManagedKey;
  label: string;
  configured: boolean;
}

/** The tab's groups: each service's keys, with a connection test where the service has one. */
const GROUPS: readonly { title: string; keys: readonly ManagedKey[]; service?: ApiService }[] = [
  { title: 'Xaman (wallet provider)', keys: ['xamanApiKey', 'xamanApiSecret'], service: 'xaman' },
  {
    title: 'FedEx (carrier)',
    keys: ['carrierApiKey', 'carrierApiSecret', 'carrierTrackApiKey', 'carrierTrackApiSecret', 'carrierWebhookSecret'],
    service: 'fedex',
  },
  { title: 'UPC lookup service', keys: ['upcServiceKey'] },
];

const TEST_TEXTS: Record<ApiService, { failed: string; unreachable: string }> = {
  xaman: { failed: 'Failed to test Xaman API connection', unreachable: 'Unable to connect to Xaman API' },
  fedex: { failed: 'Failed to test FedEx API connection', unreachable: 'Unable to connect to FedEx API' },
};

/** One key: Configured or Not set, and a field for a new value (write-only: nothing is ever read back). */
function KeyRow({ status, token, onSaved }: { status: KeyStatus; token: string; onSaved(): void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(API_KEY_EMPTY);
      document.getElementById(id)?.focus();
      return;
    }
    setSaving(true);
    saveApiKey(token, status.name, value)
      .then(() => {
        setValue('');
        onSaved();
        toast.success(`${status.label} saved`);
      })
      .catch(() => toast.error('Failed to save API key'))
      .finally(() => setSaving(false));
  };
  return (
    <form className="api-key-row" onSubmit={submit} noValidate aria-busy={saving}>
      <div className="api-key-row-head">
        <span>{status.label}</span>
        <span className={status.configured ? 'badge badge-accent' : 'badge badge-warning'}>
          {status.configured ? 'Configured' : 'Not set'}
        </span>
      </div>
      <div className="api-key-input">
        <FormField id={id} label={`New ${status.label}`} error={error}>
          <input
            {...errorProps(id, error)}
            className="input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={value}
            disabled={saving}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
          />
        </FormField>
        <button type="submit" className="btn btn-secondary" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** Test Connection with the stored credentials: Connected or Disconnected. */
function ServiceTest({ service, token }: { service: ApiService; token: string }) {
  const [state, setState] = useState<'disconnected' | 'testing' | 'connected'>('disconnected');
  const texts = TEST_TEXTS[service];
  const test = () => {
    setState('testing');
    testApiConnection(token, service)
      .then((result) => {
        setState(result.connected ? 'connected' : 'disconnected');
        if (!result.connected) toast.error(texts.unreachable, { description: result.error });
      })
      .catch(() => {
        setState('disconnected');
        toast.error(texts.failed);
      });
  };
  return (
    <div className="admin-section-head">
      <span
        className={
          state === 'connected'
            ? 'badge badge-accent'
            : state === 'testing'
              ? 'badge badge-warning'
              : 'badge badge-danger'
        }
        role="status"
      >
        {state === 'connected' ? 'Connected' : state === 'testing' ? 'Testing...' : 'Disconnected'}
      </span>
      <button type="button" className="btn btn-secondary" onClick={test} disabled={state === 'testing'}>
        {state === 'testing' ? 'Testing...' : 'Test Connection'}
      </button>
    </div>
  );
}

/** The admin portal's API keys tab (spec part 3 "Admin portal"; decision 064). */
export function ApiKeysTab({ token, userId }: { token: string; userId: string }) {
  const headingId = useId();
  const { data, error, isLoading, mutate } = useApiKeys(userId, token);
  const failed = Boolean(error) && !isLoading;
  useEffect(() => {
    if (failed) toast.error(LOAD_FAILED);
  }, [failed]);
  const byName = new Map(data?.keys.map((k) => [k.name, k]));
  return (
    <section className="admin-api-keys" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        API Keys
      </h2>
      <p className="field-hint">{TAKES_EFFECT}</p>
      {data ? (
        GROUPS.map((group) => (
          <section key={group.title} className="admin-section" aria-label={group.title}>
            <h3 className="section-heading">{group.title}</h3>
            {group.service && <ServiceTest service={group.service} token={token} />}
            {group.keys.map((name) => {
              const status = byName.get(name);
              return status ? <KeyRow key={name} status={status} token={token} onSaved={() => void mutate()} /> : null;
            })}
          </section>
        ))
      ) : failed ? (
        <LoadFailed title={LOAD_FAILED} outline onRetry={() => void mutate()} />
      ) : (
        <PageLoading text="Loading API keys..." />
      )}
    </section>
  );
}
