import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { ServerInfo } from '../../../../../../shared/api/admin-network';
import { DetailList } from '../../../../components/ui/detail-list';
import { SelectField } from '../../../../components/ui/select-field';
import { testNetworkConnection } from '../../../../domains/admin-network/api';

type Status = 'disconnected' | 'testing' | 'connected';
const STATUS_LABEL: Record<Status, string> = {
  disconnected: 'Disconnected',
  testing: 'Testing...',
  connected: 'Connected',
};
const STATUS_BADGE: Record<Status, string> = {
  disconnected: 'badge badge-danger',
  testing: 'badge badge-warning',
  connected: 'badge badge-accent',
};

function infoRows(info: ServerInfo) {
  return [
    ['Build version', info.buildVersion],
    ['Network ID', info.networkId ?? 'None'],
    ['Server state', info.serverState],
    ['Peers', info.peers],
    ['Complete ledgers', info.completeLedgers],
    ['Validation quorum', info.validationQuorum],
    ['Validated ledger', info.validatedLedger ? `#${info.validatedLedger.seq}` : 'None'],
    ['Ledger hash', <code className="admin-hash">{info.validatedLedger?.hash ?? 'None'}</code>],
    ['Base fee', `${info.baseFeeXrp} XRP`],
    ['Reserve base', `${info.reserveBaseXrp} XRP`],
    ['Reserve increment', `${info.reserveIncXrp} XRP`],
  ] as const;
}

/** Test Connection (decision 064): the endpoint in use or a saved one; server_info when it answers. */
export function ConnectionTest({ token, endpoints }: { token: string; endpoints: readonly string[] }) {
  const id = useId();
  const [url, setUrl] = useState(endpoints[0] ?? '');
  const [status, setStatus] = useState<Status>('disconnected');
  const [info, setInfo] = useState<ServerInfo | null>(null);
  const chosen = endpoints.includes(url) ? url : (endpoints[0] ?? '');

  const test = () => {
    setStatus('testing');
    setInfo(null);
    testNetworkConnection(token, chosen)
      .then((result) => {
        if (result.connected) {
          setInfo(result.serverInfo);
          setStatus('connected');
        } else {
          setStatus('disconnected');
          toast.error('Connection Failed', { description: result.error || 'Unable to connect to XRPL network' });
        }
      })
      .catch(() => {
        setStatus('disconnected');
        toast.error('Connection Error', { description: 'Network connection test failed' });
      });
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <div className="admin-section-head">
        <h3 id={`${id}-title`} className="section-heading">
          Connection Test
        </h3>
        <span className={STATUS_BADGE[status]} role="status">
          {STATUS_LABEL[status]}
        </span>
      </div>
      <SelectField
        id={`${id}-url`}
        label="Endpoint"
        value={chosen}
        options={endpoints.map((e) => [e, e] as const)}
        onChange={setUrl}
      />
      <div>
        <button type="button" className="btn btn-secondary" onClick={test} disabled={status === 'testing' || !chosen}>
          {status === 'testing' ? 'Testing...' : 'Test Connection'}
        </button>
      </div>
      {info && <DetailList rows={infoRows(info)} />}
    </section>
  );
}
