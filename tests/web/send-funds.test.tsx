import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Send } from '../../shared/api/sends';
import { routes } from '../../web/src/app/router';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import {
  ADDRESS,
  balances,
  FakeSocket,
  pushEvent,
  saveSession,
  sessionRoutes,
  stubApi,
  subscribedTo,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';

const threeCurrencies = balances([
  { currency: 'XRP', value: '99.5', cents: null },
  { currency: 'RLUSD', value: '1234.567', cents: 123456 },
]);

describe('Send Funds on /wallet (decision 060)', () => {
  const TO = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
  const UUID = '00000000-0000-4000-8000-0000000000a1';
  const request = {
    sendId: 'S1',
    uuid: UUID,
    signUrl: 'http://xaman.test/sign/S1',
    qrPngUrl: 'http://xaman.test/sign/S1_q.png',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    topic: `signing:${UUID}`,
  };
  const XRP_UUID = '00000000-0000-4000-8000-0000000000b2';
  const xrpRequest = { ...request, uuid: XRP_UUID, topic: `signing:${XRP_UUID}` };
  const send = (over: Partial<Send> = {}): Send => ({
    id: 'S1',
    status: 'signing',
    currency: 'RLUSD',
    amountCents: 1234,
    amountDrops: null,
    destination: TO,
    destinationTag: 7,
    txHash: null,
    explorerUrl: null,
    failure: null,
    createdAt: new Date().toISOString(),
    ...over,
  });

  function renderSend(route: (req: ApiRequest) => ApiAnswer | undefined) {
    vi.stubGlobal('WebSocket', FakeSocket);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    saveSession();
    const api = stubApi(
      sessionRoutes(
        () => user(),
        (req) => {
          if (req.url.pathname === '/api/wallet/balances') return { body: threeCurrencies };
          if (req.url.pathname === '/api/listings') return { body: page([]) };
          return route(req);
        },
      ),
    );
    renderRoutes(routes, '/wallet');
    return api;
  }

  async function openDialog() {
    const main = screen.getByRole('main');
    await within(main).findByText('$1,234.56');
    fireEvent.click(within(main).getByRole('button', { name: 'Send Funds' }));
    return within(await screen.findByRole('dialog', { name: 'Send Funds' }));
  }

  const fill = (dialog: ReturnType<typeof within>, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(dialog.getByLabelText(label, { exact: false }), { target: { value } });
    }
  };

  it('checks the form before anything is sent: amount, balance, address, own wallet, tag', async () => {
    const api = renderSend(() => undefined);
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(dialog.getByText('Enter an amount in dollars above zero, with at most 2 decimals')).toBeTruthy();
    expect(dialog.getByText('Enter a valid XRP Ledger address (r...)')).toBeTruthy();
    expect(dialog.getByLabelText('Destination address', { exact: false }).getAttribute('aria-invalid')).toBe('true');
    fill(dialog, { 'Amount ($)': '1234.57', 'Destination address': ADDRESS, 'Destination tag': '4294967296' });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(dialog.getByText('Not enough RLUSD: your balance is $1,234.56.')).toBeTruthy();
    expect(dialog.getByText('You cannot send funds to your own wallet.')).toBeTruthy();
    expect(dialog.getByText('A destination tag is a whole number from 0 to 4294967295')).toBeTruthy();
    // A mistyped address fails its checksum.
    fill(dialog, { 'Destination address': `${TO.slice(0, -1)}f` });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(dialog.getByText('Enter a valid XRP Ledger address (r...)')).toBeTruthy();
    expect(api.find('POST', '/api/wallet/sends')).toHaveLength(0);
  });

  it('sends RLUSD in cents with an Idempotency-Key, shows the wallet request, then the validated hash', async () => {
    let state: Send = send();
    const api = renderSend((req) => {
      if (req.url.pathname === '/api/wallet/sends' && req.method === 'POST') return { status: 201, body: request };
      if (req.url.pathname === '/api/wallet/sends/S1') return { body: state };
      return undefined;
    });
    const dialog = await openDialog();
    fill(dialog, { 'Amount ($)': '12.34', 'Destination address': ` ${TO} `, 'Destination tag': '7' });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('link', { name: 'Open in Xaman Wallet' })).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href')).toBe(request.signUrl);
    expect(dialog.getByText('Sending $12.34 RLUSD to rPT1Sj...pAYe (tag 7).')).toBeTruthy();
    const [post] = api.find('POST', '/api/wallet/sends');
    expect(post?.body).toEqual({ currency: 'RLUSD', amountCents: 1234, destination: TO, destinationTag: 7 });
    expect(post?.idempotencyKey).toBeTruthy();

    await subscribedTo(request.topic);
    const balanceReads = api.find('GET', '/api/wallet/balances').length;
    const hash = 'CD'.repeat(32);
    state = send({ status: 'sent', txHash: hash, explorerUrl: `http://explorer.test/transactions/${hash}` });
    pushEvent(request.topic, {
      id: `signing.status:${UUID}:signed`,
      occurredAt: new Date().toISOString(),
      type: 'signing.status',
      data: { uuid: UUID, purpose: 'send-funds', status: 'signed' },
    });
    const result = within((await dialog.findByText('Funds Sent', {}, { timeout: 5_000 })).closest('[role="status"]')!);
    expect(result.getByRole('link', { name: /CDCDCDCDCDCD/ }).getAttribute('href')).toBe(
      `http://explorer.test/transactions/${hash}`,
    );
    // The dialog's result and the toast both say what was sent.
    await waitFor(() => expect(screen.getAllByText('$12.34 RLUSD to rPT1Sj...pAYe (tag 7).')).toHaveLength(2));
    await waitFor(() => expect(api.find('GET', '/api/wallet/balances').length).toBeGreaterThan(balanceReads));
    fireEvent.click(result.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 15_000);

  it("shows the server's refusal at its field, sends XRP in drops, and says why a send failed with Try Again", async () => {
    const refusal = 'The destination has no RLUSD trust line, so it cannot receive RLUSD.';
    const api = renderSend((req) => {
      if (req.url.pathname === '/api/wallet/sends' && req.method === 'POST') {
        return (req.body as { currency: string }).currency === 'RLUSD'
          ? {
              status: 422,
              body: {
                error: { code: 'destination_no_trust_line', message: refusal, fields: { destination: refusal } },
              },
            }
          : { status: 201, body: xrpRequest };
      }
      if (req.url.pathname === '/api/wallet/sends/S1') {
        return {
          body: send({
            status: 'failed',
            currency: 'XRP',
            amountCents: null,
            amountDrops: '2500000',
            failure: 'The destination account requires a destination tag. Nothing was sent.',
          }),
        };
      }
      return undefined;
    });
    const dialog = await openDialog();
    fill(dialog, { 'Amount ($)': '5', 'Destination address': TO });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText(refusal)).toBeTruthy();
    expect(dialog.getByLabelText('Destination address', { exact: false }).getAttribute('aria-invalid')).toBe('true');

    fill(dialog, { Currency: 'XRP' });
    expect(dialog.getByText("Your balance: 99.5 XRP; the account's reserve stays in the wallet")).toBeTruthy();
    fill(dialog, { 'Amount (XRP)': '2.5' });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await dialog.findByRole('link', { name: 'Open in Xaman Wallet' });
    await subscribedTo(xrpRequest.topic);
    pushEvent(xrpRequest.topic, {
      id: `signing.status:${XRP_UUID}:signed`,
      occurredAt: new Date().toISOString(),
      type: 'signing.status',
      data: { uuid: XRP_UUID, purpose: 'send-funds', status: 'signed' },
    });
    expect(await dialog.findByText('Funds Not Sent')).toBeTruthy();
    expect(dialog.getByText('The destination account requires a destination tag. Nothing was sent.')).toBeTruthy();
    const posts = api.find('POST', '/api/wallet/sends');
    expect(posts.at(-1)?.body).toEqual({ currency: 'XRP', amountDrops: '2500000', destination: TO });
    // Two different sends, two keys.
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(2);
    fireEvent.click(dialog.getByRole('button', { name: 'Try Again' }));
    expect(dialog.getByRole('button', { name: 'Send' })).toBeTruthy();
  }, 15_000);
});
