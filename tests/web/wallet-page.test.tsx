import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../web/src/app/router';
import { pending } from './support/fetch-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import {
  ADDRESS,
  balances,
  NEW_TOKEN,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
} from './support/api-stub';

const ledgerDown: ApiAnswer = {
  status: 502,
  body: { error: { code: 'ledger_unavailable', message: 'Ledger unavailable' } },
};

function renderWallet(answer: () => ApiAnswer) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  saveSession();
  const api = stubApi(
    sessionRoutes(
      () => user(),
      (req) => {
        if (req.url.pathname === '/api/wallet/balances') return answer();
        if (req.url.pathname === '/api/listings') return { body: page([]) };
        return undefined;
      },
    ),
  );
  return { ...api, ...renderRoutes(routes, '/wallet') };
}

const threeCurrencies = balances([
  { currency: 'XRP', value: '99.5', cents: null },
  { currency: 'RLUSD', value: '1234.567', cents: 123456 },
  { currency: 'EUR', value: '10', cents: null },
]);

describe('/wallet (spec part 3 "Wallet")', () => {
  it('shows loading, then one card per currency with the spec labels, and the explorer links', async () => {
    const { find } = renderWallet(() => ({ body: threeCurrencies }));
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Loading balances...')).toBeTruthy();
    const cards = await within(main).findAllByRole('listitem');
    expect(cards.map((c) => [within(c).getByRole('heading').textContent, c.querySelector('p')?.textContent])).toEqual([
      ['XRP Balance', '99.5 XRP'],
      ['USD Balance', '$1,234.56'],
      ['EUR Balance', '10 EUR'],
    ]);
    const explorer = `http://explorer.test/accounts/${ADDRESS}`;
    expect(
      within(main)
        .getByRole('link', { name: /rHb9CJ\.\.\.tyTh/ })
        .getAttribute('href'),
    ).toBe(explorer);
    expect(within(main).getByRole('link', { name: 'View on Explorer' }).getAttribute('href')).toBe(explorer);
    expect(find('GET', '/api/wallet/balances')[0]?.token).toBe(NEW_TOKEN);
  });

  it('hides and shows the balances', async () => {
    renderWallet(() => ({ body: threeCurrencies }));
    const main = screen.getByRole('main');
    await within(main).findByText('$1,234.56');
    fireEvent.click(within(main).getByRole('button', { name: 'Hide balances' }));
    expect(within(main).queryByText('$1,234.56')).toBeNull();
    expect(within(main).getAllByText('Hidden')).toHaveLength(3);
    fireEvent.click(within(main).getByRole('button', { name: 'Show balances' }));
    expect(within(main).getByText('$1,234.56')).toBeTruthy();
  });

  it("refresh reads again and toasts 'Balances Updated'; the header chip follows", async () => {
    // The page and the header chip both read balances: answer by whether Refresh was pressed, not by call order.
    let refreshed = false;
    renderWallet(() =>
      refreshed ? { body: balances([{ currency: 'RLUSD', value: '2', cents: 200 }]) } : { body: threeCurrencies },
    );
    const main = screen.getByRole('main');
    await within(main).findByText('$1,234.56');
    expect(await screen.findByRole('link', { name: 'Wallet balance $1,234.56' })).toBeTruthy();
    refreshed = true;
    fireEvent.click(within(main).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Balances Updated')).toBeTruthy();
    expect(within(main).getByText('$2.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wallet balance $2.00' })).toBeTruthy();
  });

  it("a failed refresh does not claim 'Balances Updated'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let refreshed = false;
    renderWallet(() => (refreshed ? ledgerDown : { body: threeCurrencies }));
    const main = screen.getByRole('main');
    await within(main).findByText('$1,234.56');
    refreshed = true;
    fireEvent.click(within(main).getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh balances. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Balances Updated')).toBeNull();
    expect(within(main).getByText('$1,234.56')).toBeTruthy();
  });

  it("shows 'No balances found' for an empty wallet", async () => {
    renderWallet(() => ({ body: balances([]) }));
    expect(await within(screen.getByRole('main')).findByText('No balances found')).toBeTruthy();
  });

  it('a failed read falls back to XRP 0 and $0.00 and says so', async () => {
    renderWallet(() => ledgerDown);
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('alert')).toBeTruthy();
    const cards = within(main).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual(['XRP Balance0 XRP', 'USD Balance$0.00']);
  });

  it('Send Funds is a working button, no longer Coming Soon; Back goes to /settings', async () => {
    const { router } = renderWallet(() => pending());
    const main = screen.getByRole('main');
    const send = (await within(main).findByRole('button', { name: 'Send Funds' })) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    expect(within(main).queryByText('Coming Soon')).toBeNull();
    fireEvent.click(within(main).getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });
});
