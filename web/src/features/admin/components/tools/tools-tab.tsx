import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  SIMULATED_STATUSES,
  type CarrierTool,
  type CarrierToolInput,
  type CarrierToolResult,
} from '../../../../../../shared/api/admin-tools';
import { formatUsd } from '../../../../../../shared/domain/money';
import { FormField } from '../../../../components/ui/form-field';
import { SelectField } from '../../../../components/ui/select-field';
import { ApiError } from '../../../../lib/api';
import { runCarrierTool } from '../../../../domains/admin/tools-api';
import { EscrowTestPanel } from './escrow-test-panel';

/** The failure toast of each carrier test (spec part 3 error catalogue: rates, label, tracking, single, batch, webhook). */
export const TOOL_FAILURES: Record<CarrierTool, string> = {
  rates: 'Failed to get shipping rates',
  label: 'Failed to create label',
  track: 'Failed to track package',
  checkSingle: 'Failed to check tracking number',
  checkPending: 'Failed to check pending deliveries',
  webhook: 'Failed to send test webhook',
};

const SUCCESSES: Record<CarrierTool, string> = {
  rates: 'Shipping rates received',
  label: 'Test label created',
  track: 'Package tracked',
  checkSingle: 'Tracking number checked',
  checkPending: 'Pending deliveries checked',
  webhook: 'Test webhook sent',
};

const STATUS_OPTIONS = SIMULATED_STATUSES.map((s) => [s, s.replaceAll('_', ' ')] as const);

/** What the last run answered, in words. */
function ResultView({ result }: { result: CarrierToolResult }) {
  switch (result.tool) {
    case 'rates':
      return result.quotes.length === 0 ? (
        <p>The carrier offered no services for this route.</p>
      ) : (
        <ul className="admin-tool-list">
          {result.quotes.map((q) => (
            <li key={q.serviceType}>
              {q.serviceName}: {formatUsd(q.amountCents)}
              {q.transitDays !== null && ` · ${q.transitDays} business day${q.transitDays === 1 ? '' : 's'}`}
              {q.deliveryDay && ` · ${q.deliveryDay}`}
            </li>
          ))}
        </ul>
      );
    case 'label':
      return (
        <p>
          Test parcel {result.trackingNumber} ({result.serviceType}
          {result.chargeCents !== null && `, ${formatUsd(result.chargeCents)}`}). It can never be used by an order.
        </p>
      );
    case 'track':
      return (
        <>
          <p>
            {result.trackingNumber}: {result.found ? `${result.status} (${result.description})` : result.description}
          </p>
          {result.events.length > 0 && (
            <ul className="admin-tool-list">
              {result.events.map((e, i) => (
                <li key={i}>
                  {e.at ?? 'No time'}: {e.description}
                </li>
              ))}
            </ul>
          )}
        </>
      );
    case 'checkSingle':
      return (
        <p>
          {result.trackingNumber}: {result.status}
          {result.isDelivered ? `, delivered ${result.deliveredAt ?? ''}` : ', not delivered'}
          {result.lastUpdate && ` · last update ${result.lastUpdate}`}
        </p>
      );
    case 'checkPending':
      return (
        <p>
          Dry run: {result.processed} parcel{result.processed === 1 ? '' : 's'} checked, {result.deliverable} would be
          released, {result.released} released.
          {result.errors.length > 0 && ` Errors: ${result.errors.join('; ')}`}
        </p>
      );
    case 'webhook':
      return (
        <p>
          Webhook for {result.trackingNumber}: signature {result.signatureAccepted ? 'accepted' : 'refused'}, escrow{' '}
          {result.escrowTriggered ? 'triggered' : 'not triggered'}.
        </p>
      );
  }
}

/**
 * The admin Tools tab (decision 066): delivery and carrier tests against the configured carrier. A label made
 * here is a test parcel and the simulated webhook takes only those, so nothing here can release an order. Below them,
 * the escrow test (decision 070).
 */
export function ToolsTab({ token }: { token: string }) {
  const id = useId();
  const [fromZip, setFromZip] = useState('38116');
  const [toZip, setToZip] = useState('75063');
  const [weight, setWeight] = useState('2');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [status, setStatus] = useState<string>('delivered');
  const [running, setRunning] = useState<CarrierTool | null>(null);
  const [result, setResult] = useState<CarrierToolResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(input: CarrierToolInput) {
    setRunning(input.tool);
    setFailure(null);
    try {
      const answer = await runCarrierTool(token, input);
      setResult(answer);
      if (answer.tool === 'label') setTrackingNumber(answer.trackingNumber);
      toast.success(SUCCESSES[input.tool]);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Unexpected error';
      setFailure(`${TOOL_FAILURES[input.tool]}: ${message}`);
      toast.error(TOOL_FAILURES[input.tool], { description: message });
    } finally {
      setRunning(null);
    }
  }

  const route = () => ({ fromZip: fromZip.trim(), toZip: toZip.trim(), weightLb: Number(weight) });
  const withNumber = (tool: 'track' | 'checkSingle' | 'webhook') => {
    const number = trackingNumber.trim();
    if (!number) {
      toast.error('Please enter a tracking number');
      return;
    }
    void run(
      tool === 'webhook'
        ? { tool, trackingNumber: number, status: status as (typeof SIMULATED_STATUSES)[number] }
        : { tool, trackingNumber: number },
    );
  };
  const busy = running !== null;

  return (
    <section className="admin-tools" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="section-title">
        Delivery and carrier tests
      </h2>
      <fieldset className="admin-tool-group">
        <legend>Shipping rates and test labels</legend>
        <FormField id={`${id}-from`} label="From ZIP">
          <input id={`${id}-from`} inputMode="numeric" value={fromZip} onChange={(e) => setFromZip(e.target.value)} />
        </FormField>
        <FormField id={`${id}-to`} label="To ZIP">
          <input id={`${id}-to`} inputMode="numeric" value={toZip} onChange={(e) => setToZip(e.target.value)} />
        </FormField>
        <FormField id={`${id}-weight`} label="Weight (lb)">
          <input
            id={`${id}-weight`}
            type="number"
            min="0.1"
            step="0.1"
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
          />
        </FormField>
        <div className="admin-tool-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void run({ tool: 'rates', ...route() })}
          >
            {running === 'rates' ? 'Getting rates...' : 'Get Shipping Rates'}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => void run({ tool: 'label', ...route() })}
          >
            {running === 'label' ? 'Creating label...' : 'Create Test Label'}
          </button>
        </div>
      </fieldset>
      <fieldset className="admin-tool-group">
        <legend>Tracking and delivery</legend>
        <FormField id={`${id}-number`} label="Tracking number">
          <input id={`${id}-number`} value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} />
        </FormField>
        <SelectField
          id={`${id}-status`}
          label="Simulated webhook status"
          value={status}
          onChange={setStatus}
          options={STATUS_OPTIONS}
        />
        <div className="admin-tool-actions">
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => withNumber('track')}>
            Track Package
          </button>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => withNumber('checkSingle')}>
            Check Single
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => void run({ tool: 'checkPending' })}
          >
            Check All Pending (dry run)
          </button>
          <button type="button" className="btn btn-outline" disabled={busy} onClick={() => withNumber('webhook')}>
            Send Simulated Webhook
          </button>
        </div>
      </fieldset>
      <div className="admin-tool-result" role="status" aria-live="polite">
        {running ? (
          <p>Running...</p>
        ) : failure ? (
          <p className="field-error">{failure}</p>
        ) : result ? (
          <ResultView result={result} />
        ) : (
          <p className="muted">Run a tool to see its result here.</p>
        )}
      </div>
      <EscrowTestPanel token={token} />
    </section>
  );
}
