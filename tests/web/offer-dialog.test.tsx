import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../shared/api/messages';
import type { ListingDetail } from '../../shared/api/listings';
import { routes } from '../../web/src/app/router';
import {
  balances,
  FakeSocket,
  saveSession,
  sessionRoutes,
  stubApi,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';
import { listingDetail, page } from './support/listing-fixture';
import { CONVERSATION, offer, SELLER } from './support/offer-fixture';
import { renderRoutes } from './support/render';

const OFFERS_PATH = `/api/me/conversations/${CONVERSATION}/offers`;

const started: ApiAnswer = {
  body: {
    created: false,
    conversation: {
      id: CONVERSATION,
      role: 'buyer',
      listing: { id: 'L1', title: 'Brass Lamp', imageUrl: null },
      otherParty: { id: SELLER, username: 'sam' },
      lastMessage: null,
      unreadCount: 0,
      createdAt: '2026-06-01T00:00:00.000Z',
      updatedAt: '2026-06-01T00:00:00.000Z',
    } satisfies ConversationSummary,
  },
};

const refuse = (code: string, message: string, status = 400): ApiAnswer => ({
  status,
  body: { error: { code, message } },
});

interface Setup {
  detail?: Partial<ListingDetail>;
  me?: string | null;
  rlusdCents?: number;
  make?: (req: ApiRequest) => ApiAnswer;
  start?: ApiAnswer;
}

/** The item page of SELLER1's fixed-price Brass Lamp that accepts offers, for `me` (default the buyer 01JUSER). */
function show({ detail = {}, me = '01JUSER', rlusdCents = 20_000, make, start = started }: Setup = {}) {
  const rest = (req: ApiRequest): ApiAnswer | undefined => {
    const p = req.url.pathname;
    if (p === '/api/listings/L1') {
      const seller = { id: SELLER, username: 'sam' };
      return { body: listingDetail({ id: 'L1', title: 'Brass Lamp', seller, acceptOffers: true, ...detail }) };
    }
    if (p === '/api/listings') return { body: page([]) };
    if (p === '/api/wallet/balances') {
      return { body: balances([{ currency: 'RLUSD', value: String(rlusdCents / 100), cents: rlusdCents }]) };
    }
    if (p === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
    if (p === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
    if (p === '/api/me/wishlist') return { body: { items: [], count: 0 } };
    if (p === '/api/me/orders') return { body: { items: [], nextCursor: null } };
    if (p === '/api/me/profile') return { status: 404, body: {} };
    if (p === '/api/me/conversations' && req.method === 'POST') return start;
    if (p === OFFERS_PATH && req.method === 'POST') return (make ?? (() => ({ status: 201, body: offer(1) })))(req);
    return undefined;
  };
  if (me) saveSession();
  const api = stubApi(me ? sessionRoutes(() => user({ id: me }), rest) : rest);
  return { ...api, ...renderRoutes(routes, '/item/L1') };
}

const main = () => within(screen.getByRole('main'));
/** The first find of a test waits for the page's lazily loaded code (slow on a busy machine). */
const LOAD = { timeout: 5_000 };
const makeOfferButton = () => main().findByRole('button', { name: 'Make Offer' }, LOAD);

async function openDialog() {
  fireEvent.click(await makeOfferButton());
  const dialog = within(await screen.findByRole('dialog', { name: 'Make an Offer' }));
  // The balance is read when the dialog opens; submit waits for it.
  await dialog.findByText('Your balance: $200.00 RLUSD');
  return dialog;
}

/** Whether a conversation was started or an offer sent. */
const sentAnything = (api: { find(method: string, path: string): unknown[] }) =>
  api.find('POST', '/api/me/conversations').length + api.find('POST', OFFERS_PATH).length > 0;
const amount = (d: ReturnType<typeof within>) => d.getByLabelText(/Offer amount/) as HTMLInputElement;
const send = (d: ReturnType<typeof within>) => fireEvent.click(d.getByRole('button', { name: 'Send Offer' }));

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

describe('Make Offer on /item/{id} (spec part 1 offer rules)', () => {
  it("signed out: 'Authentication Required' – 'Please connect your wallet to make an offer' and Connect Wallet", async () => {
    const api = show({ me: null });
    fireEvent.click(await makeOfferButton());
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to make an offer')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Make an Offer' })).toBeNull();
    expect(sentAnything(api)).toBe(false);
  });

  it('is shown only on a fixed-price listing that accepts offers, on sale, and not to its owner', async () => {
    const cases: [Setup, boolean][] = [
      [{}, true],
      [{ detail: { acceptOffers: false } }, false],
      [{ me: SELLER }, false],
      [{ detail: { quantityAvailable: 0 } }, false],
      [{ detail: { status: 'sold', quantityAvailable: 0 } }, false],
    ];
    for (const [setup, shown] of cases) {
      const view = show(setup);
      await main().findByRole('heading', { name: 'Brass Lamp', level: 1 }, LOAD);
      // The buying controls are there (or the Sold notice): the page has settled.
      await main().findByRole('region', { name: /Buy this item|Sold/ });
      await waitFor(() => expect(!!main().queryByRole('button', { name: 'Make Offer' })).toBe(shown));
      view.unmount();
    }
  });

  it('has the amount field (min 0, max the balance, step 0.01) and the 24-hour toggle on, focus in the field', async () => {
    show();
    const dialog = await openDialog();
    const field = amount(dialog);
    expect([field.min, field.max, field.step, field.type]).toEqual(['0', '200.00', '0.01', 'number']);
    expect(document.activeElement).toBe(field);
    const toggle = dialog.getByRole('switch', { name: 'Expires in 24 hours' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
  });

  it("refuses an amount that is not positive: 'Invalid Offer' – 'Please enter a valid offer amount'", async () => {
    const api = show();
    const dialog = await openDialog();
    for (const typed of ['', '0', '-5', '12.345', 'abc']) {
      fireEvent.change(amount(dialog), { target: { value: typed } });
      send(dialog);
      await waitFor(() => expect(amount(dialog).getAttribute('aria-invalid')).toBe('true'));
      expect(dialog.getByText('Please enter a valid offer amount')).toBeTruthy();
    }
    expect(await screen.findAllByText('Invalid Offer')).not.toHaveLength(0);
    expect(sentAnything(api)).toBe(false);
  });

  it("refuses an amount above the money limit under 'Invalid Offer', before the balance", async () => {
    const api = show();
    const dialog = await openDialog();
    fireEvent.change(amount(dialog), { target: { value: '1000000.01' } });
    send(dialog);
    expect(await screen.findAllByText('Invalid Offer')).not.toHaveLength(0);
    expect(dialog.getByText('Amounts can be at most $1,000,000.00')).toBeTruthy();
    expect(sentAnything(api)).toBe(false);
  });

  it("refuses more than the RLUSD balance: 'Insufficient Balance' with the amounts", async () => {
    const api = show();
    const dialog = await openDialog();
    fireEvent.change(amount(dialog), { target: { value: '200.01' } });
    send(dialog);
    expect(await screen.findByText('Insufficient Balance')).toBeTruthy();
    expect(dialog.getByText('You need $200.01 but only have $200.00 available.')).toBeTruthy();
    expect(sentAnything(api)).toBe(false);
  });

  it("finds the conversation, sends the offer with the toggle and an Idempotency-Key: 'Offer Sent' and a way there", async () => {
    const api = show();
    const dialog = await openDialog();
    fireEvent.change(amount(dialog), { target: { value: '150.5' } });
    fireEvent.click(dialog.getByRole('switch', { name: 'Expires in 24 hours' }));
    send(dialog);
    expect(await screen.findByText('Offer Sent')).toBeTruthy();
    expect(api.find('POST', '/api/me/conversations')[0]!.body).toEqual({ listingId: 'L1' });
    const [sent] = api.find('POST', OFFERS_PATH);
    expect(sent!.body).toEqual({ amountCents: 15_050, expires: false });
    expect(sent!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make an Offer' })).toBeNull());
    // Focus is back on the button that opened it.
    expect(document.activeElement).toBe(main().getByRole('button', { name: 'Make Offer' }));
    const links = main().getAllByRole('link', { name: 'View Conversation' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([`/messages?conversation=${CONVERSATION}`]);
  });

  it("shows the server's refusals under their titles with its words, and keeps the dialog open", async () => {
    const cases: [ApiAnswer, string, string][] = [
      [
        refuse('below_minimum', "Your offer is below the seller's minimum. Please offer more."),
        'Invalid Offer',
        "Your offer is below the seller's minimum. Please offer more.",
      ],
      [
        refuse('own_item', 'You cannot make an offer on your own listing.', 403),
        'Cannot Make Offer on Own Item',
        'You cannot make an offer on your own listing.',
      ],
      [
        refuse('offers_not_accepted', 'This listing does not accept offers.'),
        'Cannot Make Offer',
        'This listing does not accept offers.',
      ],
      [
        refuse('insufficient_balance', 'You need $90.00 but only have $80.00 available.'),
        'Insufficient Balance',
        'You need $90.00 but only have $80.00 available.',
      ],
      [refuse('internal', 'Internal error', 500), 'Failed to send offer', 'Internal error'],
    ];
    for (const [answer, title, text] of cases) {
      const view = show({ make: () => answer });
      const dialog = await openDialog();
      fireEvent.change(amount(dialog), { target: { value: '90' } });
      send(dialog);
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Make an Offer' })).toBeTruthy();
      expect(amount(dialog).value).toBe('90');
      view.unmount();
    }
  });

  it('pressing again after a lost answer repeats the same request (same key); once answered, a new offer a new key', async () => {
    let calls = 0;
    const api = show({
      make: () => (++calls <= 3 ? Promise.reject(new TypeError('Failed to fetch')) : { status: 201, body: offer(1) }),
    });
    const dialog = await openDialog();
    fireEvent.change(amount(dialog), { target: { value: '90' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      send(dialog);
      // The client's own retries (1 s, then 2 s) keep the key; then the answer counts as lost.
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(await screen.findByText('Failed to send offer')).toBeTruthy();
      send(dialog);
      expect(await screen.findByText('Offer Sent')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openDialog();
    fireEvent.change(amount(again), { target: { value: '90' } });
    send(again);
    await waitFor(() => expect(api.find('POST', OFFERS_PATH)).toHaveLength(5));
    const keys = api.find('POST', OFFERS_PATH).map((r) => r.idempotencyKey);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it("the conversation can't be started: 'Failed to send offer', no offer sent", async () => {
    const api = show({ start: refuse('internal', 'Internal error', 500) });
    const dialog = await openDialog();
    fireEvent.change(amount(dialog), { target: { value: '90' } });
    send(dialog);
    expect(await screen.findByText('Failed to send offer')).toBeTruthy();
    expect(api.find('POST', OFFERS_PATH)).toHaveLength(0);
  });
});
