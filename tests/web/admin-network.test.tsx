import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import {
  defaultNetworkSettings,
  NETWORK_TEXTS,
  type NetworkSettings,
  type NetworkSettingsView,
} from '../../shared/api/admin-network';
import { MANAGED_KEYS, MANAGED_KEY_LABELS, type ManagedKey } from '../../shared/api/admin-api-keys';
import { ApiKeysTab, TAKES_EFFECT } from '../../web/src/features/admin/components/api-keys/api-keys-tab';
import { NetworkTab } from '../../web/src/features/admin/components/network/network-tab';
import { pending } from './support/fetch-stub';
import { renderPage } from './support/render';
import { stubApi, TOKEN, type ApiAnswer, type ApiRequest } from './support/api-stub';

const LEDGER = 'ws://127.0.0.1:6006';
const DEFAULTS = defaultNetworkSettings(LEDGER);

function view(settings: NetworkSettings = DEFAULTS, network = 'local'): NetworkSettingsView {
  return {
    settings,
    inUse: { network, url: LEDGER },
    protection: { inspectionHours: 48, releaseMarginHours: 12 },
    requireCondition: true,
    updatedAt: null,
  };
}

const SERVER_INFO = {
  buildVersion: '2.5.0-local',
  networkId: null,
  serverState: 'full',
  peers: 0,
  completeLedgers: '1-42',
  validationQuorum: 0,
  validatedLedger: { seq: 42, hash: 'AB'.repeat(32) },
  baseFeeXrp: '0.00001',
  reserveBaseXrp: '1',
  reserveIncXrp: '0.2',
};

function renderNetwork(route: (req: ApiRequest) => ApiAnswer | undefined) {
  const api = stubApi(route);
  renderPage(
    '/admin',
    <>
      <Toaster />
      <NetworkTab token={TOKEN} userId="01ADMIN" />
    </>,
  );
  return api;
}

const tab = () => screen.getByRole('region', { name: 'XRPL Network' });
const field = (name: string) => within(tab()).getByLabelText(name) as HTMLInputElement;

describe('the admin XRPL Network tab', () => {
  it('loads (a loading state meanwhile), or says it failed with the spec’s words', async () => {
    renderNetwork(() => pending());
    expect(await screen.findByText('Loading XRPL network settings...')).toBeTruthy();
  });

  it('the spec’s load failure', async () => {
    renderNetwork(() => ({ status: 500, body: { error: { code: 'x', message: 'boom' } } }));
    expect(await screen.findAllByText('Failed to load XRPL network settings')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });

  it('checks ranges, the 72-hour floor and the retries a backup list needs before saving, then saves', async () => {
    let saved: NetworkSettings | null = null;
    const { find } = renderNetwork((req) => {
      if (req.url.pathname !== '/api/admin/network') return undefined;
      if (req.method === 'PUT') {
        saved = req.body as NetworkSettings;
        return { body: { ...view(saved), updatedAt: '2026-11-28T12:00:00.000Z' } };
      }
      return { body: view() };
    });
    await screen.findByLabelText('Cancel after (hours)');
    expect(within(tab()).getByText(/Always on/)).toBeTruthy();
    expect(within(tab()).getByText(/^None: the crypto-condition holds each escrow/)).toBeTruthy();
    expect(within(tab()).getByText('48 hours (deployment setting)')).toBeTruthy();
    expect(field('RPC endpoints').value).toBe(LEDGER);

    fireEvent.change(field('Connection timeout (seconds)'), { target: { value: '4' } });
    fireEvent.change(field('Cancel after (hours)'), { target: { value: '48' } });
    fireEvent.click(within(tab()).getByRole('button', { name: 'Save XRPL Settings' }));
    expect(within(tab()).getByText(NETWORK_TEXTS.timeout)).toBeTruthy();
    expect(find('PUT', '/api/admin/network')).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(field('Connection timeout (seconds)')));

    fireEvent.change(field('Connection timeout (seconds)'), { target: { value: '10' } });
    fireEvent.click(within(tab()).getByRole('button', { name: 'Save XRPL Settings' }));
    expect(within(tab()).getByText(NETWORK_TEXTS.windowFloor)).toBeTruthy();

    // Three backups need three retries: each retry dials the next endpoint.
    const endpoints = ['wss://primary.example', 'wss://b1.example', 'wss://b2.example', 'wss://b3.example'];
    fireEvent.change(field('Cancel after (hours)'), { target: { value: '240' } });
    fireEvent.change(field('RPC endpoints'), { target: { value: endpoints.join('\n') } });
    fireEvent.change(field('Max retries'), { target: { value: '2' } });
    fireEvent.click(within(tab()).getByRole('button', { name: 'Save XRPL Settings' }));
    expect(within(tab()).getByText(NETWORK_TEXTS.retriesForBackups)).toBeTruthy();
    expect(find('PUT', '/api/admin/network')).toHaveLength(0);

    fireEvent.change(field('Max retries'), { target: { value: '3' } });
    fireEvent.click(within(tab()).getByRole('button', { name: 'Save XRPL Settings' }));
    await screen.findByText('XRPL settings saved');
    expect(saved).toEqual({
      ...DEFAULTS,
      rpcUrls: endpoints,
      connectionTimeoutSeconds: 10,
      maxRetries: 3,
      escrowWindowHours: 240,
    });
  });

  it('shows the deployment’s network read-only; a refused save shows the spec’s toast with the reason', async () => {
    renderNetwork((req) =>
      req.method === 'PUT'
        ? { status: 409, body: { error: { code: 'conflict', message: 'The network settings were changed.' } } }
        : { body: view(DEFAULTS, 'testnet') },
    );
    const network = (await screen.findByLabelText('XRPL network')) as HTMLInputElement;
    expect([network.tagName, network.value, network.readOnly]).toEqual(['INPUT', 'Testnet', true]);
    expect(within(network.closest('form')!).queryByRole('combobox')).toBeNull();
    fireEvent.click(within(tab()).getByRole('button', { name: 'Save XRPL Settings' }));
    expect(await screen.findByText('Failed to save XRPL settings')).toBeTruthy();
    expect(screen.getByText('The network settings were changed.')).toBeTruthy();
  });

  it('Test Connection: disconnected, testing, connected with server_info; or the spec’s failures', async () => {
    let answer: () => ApiAnswer = () => ({ body: { connected: true, serverInfo: SERVER_INFO } });
    const { find } = renderNetwork((req) =>
      req.url.pathname === '/api/admin/network/test' ? answer() : { body: view() },
    );
    const button = await screen.findByRole('button', { name: 'Test Connection' });
    const status = () =>
      within(tab())
        .getAllByRole('status')
        .map((s) => s.textContent);
    expect(status()).toContain('Disconnected');
    fireEvent.click(button);
    expect(await within(tab()).findByText('2.5.0-local')).toBeTruthy();
    expect(status()).toContain('Connected');
    expect(within(tab()).getByText('#42')).toBeTruthy();
    expect(within(tab()).getByText('1-42')).toBeTruthy();
    expect(within(tab()).getByText('0.2 XRP')).toBeTruthy();
    expect(find('POST', '/api/admin/network/test')[0]?.body).toEqual({ url: LEDGER });

    answer = () => ({ body: { connected: false, error: '' } });
    fireEvent.click(button);
    expect(await screen.findByText('Connection Failed')).toBeTruthy();
    expect(screen.getByText('Unable to connect to XRPL network')).toBeTruthy();
    expect(status()).toContain('Disconnected');

    answer = () => ({ status: 502, body: { error: { code: 'x', message: 'bad gateway' } } });
    fireEvent.click(button);
    expect(await screen.findByText('Connection Error')).toBeTruthy();
    expect(screen.getByText('Network connection test failed')).toBeTruthy();
  });
});

function renderKeys(route: (req: ApiRequest) => ApiAnswer | undefined) {
  const api = stubApi(route);
  renderPage(
    '/admin',
    <>
      <Toaster />
      <ApiKeysTab token={TOKEN} userId="01ADMIN" />
    </>,
  );
  return api;
}

const keyList = (set: readonly ManagedKey[]) => ({
  keys: MANAGED_KEYS.map((name) => ({ name, label: MANAGED_KEY_LABELS[name], configured: set.includes(name) })),
});

describe('the admin API keys tab', () => {
  it('shows each key Configured or Not set; saves a new value (never shown again); empty is refused', async () => {
    const set: ManagedKey[] = ['xamanApiKey'];
    const { find } = renderKeys((req) => {
      if (req.method === 'PUT') {
        const name = req.url.pathname.split('/').pop() as ManagedKey;
        set.push(name);
        return { body: { name, label: MANAGED_KEY_LABELS[name], configured: true } };
      }
      return req.url.pathname === '/api/admin/api-keys' ? { body: keyList(set) } : undefined;
    });
    const xaman = await screen.findByRole('region', { name: 'Xaman (wallet provider)' });
    expect(within(xaman).getByText('Configured')).toBeTruthy();
    // Every managed key has its field, and the tab says when a saved one takes effect (decision 071).
    for (const name of MANAGED_KEYS) expect(screen.getByLabelText(`New ${MANAGED_KEY_LABELS[name]}`)).toBeTruthy();
    expect(screen.getByText(TAKES_EFFECT)).toBeTruthy();
    expect(within(xaman).getByText('Not set')).toBeTruthy();

    const input = screen.getByLabelText('New Xaman API secret') as HTMLInputElement;
    expect(input.type).toBe('password');
    const row = input.closest('form')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByText('API key value cannot be empty')).toBeTruthy();
    expect(find('PUT', '/api/admin/api-keys/xamanApiSecret')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 's3cret' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Xaman API secret saved')).toBeTruthy();
    expect(find('PUT', '/api/admin/api-keys/xamanApiSecret')[0]?.body).toEqual({ value: 's3cret' });
    await waitFor(() => expect(within(xaman).getAllByText('Configured')).toHaveLength(2));
    expect(input.value).toBe('');
  });

  it('a failed save shows the spec’s toast; the load failure its own', async () => {
    renderKeys((req) =>
      req.method === 'PUT' ? { status: 500, body: { error: { code: 'x', message: 'x' } } } : { body: keyList([]) },
    );
    const input = (await screen.findByLabelText('New UPC lookup service key')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'k' } });
    fireEvent.click(within(input.closest('form')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save API key')).toBeTruthy();
  });

  it('Test Connection for Xaman and FedEx: connected, or the spec’s failures', async () => {
    let xaman: () => ApiAnswer = () => ({ body: { connected: true } });
    renderKeys((req) => {
      if (req.url.pathname === '/api/admin/api-keys/test/xaman') return xaman();
      if (req.url.pathname === '/api/admin/api-keys/test/fedex')
        return { body: { connected: false, error: 'refused' } };
      return { body: keyList([]) };
    });
    const xamanGroup = await screen.findByRole('region', { name: 'Xaman (wallet provider)' });
    fireEvent.click(within(xamanGroup).getByRole('button', { name: 'Test Connection' }));
    expect(await within(xamanGroup).findByText('Connected')).toBeTruthy();

    xaman = () => ({ body: { connected: false, error: 'Unable to connect to Xaman API' } });
    fireEvent.click(within(xamanGroup).getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findAllByText('Unable to connect to Xaman API')).not.toHaveLength(0);
    expect(within(xamanGroup).getByRole('status').textContent).toBe('Disconnected');

    xaman = () => ({ status: 500, body: { error: { code: 'x', message: 'x' } } });
    fireEvent.click(within(xamanGroup).getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Failed to test Xaman API connection')).toBeTruthy();

    const fedex = screen.getByRole('region', { name: 'FedEx (carrier)' });
    fireEvent.click(within(fedex).getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Unable to connect to FedEx API')).toBeTruthy();
    expect(screen.getByText('refused')).toBeTruthy();
  });
});
