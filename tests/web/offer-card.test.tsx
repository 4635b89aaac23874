import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../shared/api/messages';
import type { ListingDetail } from '../../shared/api/listings';
import type { Message } from '../../shared/domain/messages';
import type { Offer } from '../../shared/domain/offers';
import { routes } from '../../web/src/app/router';
import { realtime } from '../../web/src/lib/realtime/socket';
import {
  balances,
  FakeSocket,
  saveSession,
  sessionRoutes,
  stubApi,
  stubSocket,
  user,
  type ApiAnswer,
  type ApiRequest,
} from './support/api-stub';
import { cartLine, serverCart } from './support/cart-fixture';
import { listingDetail, page } from './support/listing-fixture';
import { ahead, BUYER, CONVERSATION, HOUR, offer, oid, SELLER } from './support/offer-fixture';
import { renderRoutes } from './support/render';

const mid = (n: number) => `0M${String(n).padStart(24, '0')}`;
const OFFERS_PATH = `/api/me/conversations/${CONVERSATION}/offers`;

/** The offer message of `o` as the server writes it. */
function offerMessage(n: number, o: Offer, content = 'Made an offer of $50.00 (expires in 24 hours)'): Message {
  const buyerSent = o.senderId === BUYER;
  return {
    id: mid(n),
    conversationId: CONVERSATION,
    senderId: o.senderId,
    senderUsername: buyerSent ? 'alice_1' : 'sam',
    type: 'offer',
    content,
    createdAt: new Date().toISOString(),
    offerId: o.id,
  };
}

function systemMessage(n: number, content: string, offerId: string): Message {
  return {
    id: mid(n),
    conversationId: CONVERSATION,
    senderId: SELLER,
    senderUsername: 'sam',
    type: 'system',
    content,
    createdAt: new Date().toISOString(),
    offerId,
  };
}

interface Setup {
  /** Who looks: the buyer (01JUSER, alice_1) or the seller (SELLER1, sam). */
  as?: 'buyer' | 'seller';
  offers?: Offer[];
  messages?: Message[];
  listing?: Partial<ListingDetail>;
  /** Answers the POSTs on offers (accept, reject, counter, make). */
  post?: (req: ApiRequest) => ApiAnswer | undefined;
}

/** /messages with the one conversation about L1 (sam sells it to alice_1) open. */
function show({ as = 'seller', offers = [], messages, listing = {}, post }: Setup = {}) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  const seller = as === 'seller';
  const conversation: ConversationSummary = {
    id: CONVERSATION,
    role: as,
    listing: { id: 'L1', title: 'Brass Lamp', imageUrl: null },
    otherParty: seller ? { id: BUYER, username: 'alice_1' } : { id: SELLER, username: 'sam' },
    lastMessage: null,
    unreadCount: 0,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  const msgs = messages ?? offers.map((o, i) => offerMessage(i + 1, o));
  const rest = (req: ApiRequest): ApiAnswer | undefined => {
    const p = req.url.pathname;
    if (p === '/api/me/conversations' && req.method === 'GET')
      return { body: { items: [conversation], unreadCount: 0 } };
    if (p === '/api/me/messages/unread') return { body: { unreadCount: 0 } };
    if (p === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
    if (p === '/api/listings') return { body: page([]) };
    if (p === '/api/listings/L1') {
      return { body: listingDetail({ id: 'L1', title: 'Brass Lamp', acceptOffers: true, ...listing }) };
    }
    if (p === `/api/me/conversations/${CONVERSATION}/messages` && req.method === 'GET') {
      return { body: { items: msgs, more: false, otherReadAt: null } };
    }
    if (p === `/api/me/conversations/${CONVERSATION}/read`)
      return { body: { conversationId: CONVERSATION, unreadCount: 0 } };
    if (p === OFFERS_PATH && req.method === 'GET') return { body: { items: offers } };
    if (p === '/api/wallet/balances') return { body: balances([{ currency: 'RLUSD', value: '200', cents: 20_000 }]) };
    if (p === '/api/me/cart' && req.method === 'GET') return { body: serverCart([]) };
    if (req.method === 'POST' && p.includes('offers')) return post?.(req);
    if (req.method === 'PUT' && p === '/api/me/cart/items/L1') {
      // The server prices the line from the accepted offer.
      return { body: serverCart([cartLine({ listingId: 'L1', title: 'Brass Lamp', unitPriceCents: 4_000 })]) };
    }
    return undefined;
  };
  saveSession();
  stubSocket();
  realtime.setToken(`drop-${Math.random()}`);
  const api = stubApi(sessionRoutes(() => user(seller ? { id: SELLER, username: 'sam' } : {}), rest));
  const me = seller ? SELLER : BUYER;
  return { ...api, ...renderRoutes(routes, `/messages?conversation=${CONVERSATION}`), me };
}

const LOAD = { timeout: 5_000 };
const chatLog = async () => within(await screen.findByRole('log', {}, LOAD));
const card = async (amount = '$50.00') =>
  within(await (await chatLog()).findByRole('article', { name: new RegExp(`^Offer of \\${amount}`) }, LOAD));
const answers = ['Accept', 'Reject', 'Counter'];
const buttonsIn = (c: { queryAllByRole(role: 'button'): HTMLElement[] }) =>
  c.queryAllByRole('button').map((b) => b.textContent);

function push(me: string, type: string, data: unknown) {
  const socket = FakeSocket.instances.at(-1)!;
  const topic = `user:${me}`;
  act(() =>
    socket.emit({
      type: 'event',
      topic,
      event: { id: `e-${Math.random()}`, occurredAt: new Date().toISOString(), topic, type, data },
    }),
  );
}

async function subscribed(me: string) {
  await waitFor(() =>
    expect(FakeSocket.instances.at(-1)?.sent).toContainEqual({ action: 'subscribe', topic: `user:${me}` }),
  );
}

const respondPath = (o: Offer, action: string) => `/api/me/offers/${o.id}/${action}`;

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
});

describe('offer cards in the chat (spec part 2 "Messages page", decision 033)', () => {
  it('show the amount, status, round and expiry; only the receiver of a pending offer sees Accept, Reject, Counter', async () => {
    const o = offer(1);
    const view = show({ as: 'seller', offers: [o] });
    const c = await card();
    expect(c.getByText('pending')).toBeTruthy();
    expect(c.getByText('Made an offer of $50.00 (expires in 24 hours)')).toBeTruthy();
    expect(c.getByText(/Round 1 of 5/)).toBeTruthy();
    expect(c.getByText(/23h left/)).toBeTruthy();
    expect(buttonsIn(c)).toEqual(answers);
    view.unmount();

    // The buyer sent it: no answers for them.
    show({ as: 'buyer', offers: [o] });
    const mine = await card();
    expect(mine.getByText('pending')).toBeTruthy();
    expect(buttonsIn(mine)).toEqual([]);
  });

  it("reads the expiry as 'Nd Nh left', 'Nh left', 'Less than 1h left' or 'Expired' (no answers once expired)", async () => {
    const cases: [string | null, string, string[]][] = [
      [ahead(26.5 * HOUR), '1d 2h left', answers],
      [ahead(5.5 * HOUR), '5h left', answers],
      [ahead(0.5 * HOUR), 'Less than 1h left', answers],
      [ahead(-HOUR), 'Expired', []],
      [null, 'No expiry', answers],
    ];
    for (const [expiresAt, text, buttons] of cases) {
      const view = show({ offers: [offer(1, { expiresAt })] });
      const c = await card();
      expect(c.getByText(new RegExp(text))).toBeTruthy();
      expect(buttonsIn(c)).toEqual(buttons);
      view.unmount();
    }
  });

  it('counts down while open: the answers go when the offer expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      show({ offers: [offer(1, { expiresAt: ahead(HOUR + 10_000) })] });
      const c = await card();
      expect(c.getByText(/· 1h left/)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(c.getByText(/Less than 1h left/)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(HOUR));
      expect(c.getByText('expired')).toBeTruthy();
      expect(c.getByText(/· Expired/)).toBeTruthy();
      expect(buttonsIn(c)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an offer arriving between the page clock's ticks reads '23h left', not more than its 24 hours", async () => {
    const offers: Offer[] = [];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const view = show({ offers, messages: [] });
      await chatLog();
      await subscribed(view.me);
      // Past the page's first reading of the time, before its next (every 30 s).
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      // Made a second before it arrives: 24 hours less a second left.
      const fresh = offer(3, { expiresAt: ahead(24 * HOUR - 1_000) });
      offers.push(fresh);
      push(view.me, 'message.created', { message: offerMessage(9, fresh), unread: null });
      expect((await card()).getByText(/· 23h left/)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a counteroffer's last round can only be accepted or rejected; the buyer answers a seller's counter", async () => {
    const counter = offer(2, { senderId: SELLER, round: 5, amountCents: 7_000, counterOf: oid(1) });
    show({ as: 'buyer', offers: [counter], messages: [offerMessage(1, counter, 'Countered with an offer of $70.00')] });
    const c = await card('$70.00');
    expect(c.getByText(/Counteroffer, round 5 of 5/)).toBeTruthy();
    expect(buttonsIn(c)).toEqual(['Accept', 'Reject']);
  });

  it("Accept: 'Offer accepted', the card follows the answer; a system message is a centred note", async () => {
    const o = offer(1);
    const api = show({
      offers: [o],
      messages: [offerMessage(1, o), systemMessage(2, 'Offer rejected', oid(9))],
      post: (req) =>
        req.url.pathname === respondPath(o, 'accept')
          ? { body: { ...o, status: 'accepted', buyBy: ahead(48 * HOUR), updatedAt: ahead(1) } }
          : undefined,
    });
    const note = (await chatLog()).getByText('Offer rejected');
    expect(note.closest('li')?.className).toBe('chat-note');
    const c = await card();
    fireEvent.click(c.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Offer accepted')).toBeTruthy();
    const [sent] = api.find('POST', respondPath(o, 'accept'));
    expect(sent!.body).toEqual({});
    expect(sent!.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(c.getByText('accepted')).toBeTruthy());
    expect(buttonsIn(c)).toEqual([]);
    expect(c.getByText(/The buyer can buy at this price until/)).toBeTruthy();
  });

  it("a failed or refused answer: 'Failed to respond to offer' with the server's words; the buttons stay", async () => {
    const o = offer(1);
    let answer: ApiAnswer = { status: 500, body: { error: { code: 'internal', message: 'Internal error' } } };
    show({ offers: [o], post: () => answer });
    const c = await card();
    fireEvent.click(c.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to respond to offer')).toBeTruthy();
    expect(screen.getByText('Internal error')).toBeTruthy();
    answer = {
      status: 409,
      body: { error: { code: 'not_pending', message: 'This offer has already been answered or has expired.' } },
    };
    await waitFor(() => expect(c.getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', false));
    fireEvent.click(c.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This offer has already been answered or has expired.')).toBeTruthy();
    expect(buttonsIn(c)).toEqual(answers);
  });

  it("Counter: the dialog with an amount and the toggle; 'Offer countered'; the seller's counter is not capped by a balance", async () => {
    const o = offer(1);
    const next = offer(2, { senderId: SELLER, round: 2, amountCents: 25_000, counterOf: o.id });
    const api = show({
      offers: [o],
      post: (req) => (req.url.pathname === respondPath(o, 'counter') ? { body: next } : undefined),
    });
    const c = await card();
    fireEvent.click(c.getByRole('button', { name: 'Counter' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Counter Offer' }));
    const field = dialog.getByLabelText(/Offer amount/) as HTMLInputElement;
    expect(field.max).toBe('');
    expect((dialog.getByRole('switch', { name: 'Expires in 24 hours' }) as HTMLInputElement).checked).toBe(true);
    // More than the seller's $200.00: the buyer pays, not the seller.
    fireEvent.change(field, { target: { value: '250' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send Counteroffer' }));
    expect(await screen.findByText('Offer countered')).toBeTruthy();
    expect(api.find('POST', respondPath(o, 'counter'))[0]!.body).toEqual({ amountCents: 25_000, expires: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows offer.updated and message.created live: the status and buttons change without a reload', async () => {
    const o = offer(1);
    const view = show({ offers: [o] });
    const c = await card();
    expect(buttonsIn(c)).toEqual(answers);
    await subscribed(view.me);
    push(view.me, 'offer.updated', { offer: { ...o, status: 'rejected', updatedAt: ahead(1_000) } });
    await waitFor(() => expect(c.getByText('rejected')).toBeTruthy());
    expect(buttonsIn(c)).toEqual([]);
    // A late copy of the older state does not roll the card back.
    push(view.me, 'offer.updated', { offer: o });
    expect(c.getByText('rejected')).toBeTruthy();
    push(view.me, 'message.created', { message: systemMessage(5, 'Offer rejected', o.id), unread: null });
    expect(await (await chatLog()).findByText('Offer rejected')).toBeTruthy();
  });

  it('a new offer message whose offer is not known yet reads the offers again and shows its card', async () => {
    const offers: Offer[] = [];
    const view = show({ offers, messages: [] });
    await chatLog();
    await subscribed(view.me);
    const fresh = offer(3, { amountCents: 6_000 });
    offers.push(fresh);
    push(view.me, 'message.created', {
      message: offerMessage(9, fresh, 'Made an offer of $60.00 (expires in 24 hours)'),
      unread: { conversation: 1, total: 1 },
    });
    const c = await card('$60.00');
    expect(buttonsIn(c)).toEqual(answers);
  });

  it("an accepted offer shows its buyer 'Buy at $X': one unit in the cart, priced by the server, then checkout", async () => {
    const o = offer(1, { status: 'accepted', buyBy: ahead(40 * HOUR), amountCents: 4_000 });
    const view = show({ as: 'buyer', offers: [o] });
    const c = await card('$40.00');
    fireEvent.click(c.getByRole('button', { name: 'Buy at $40.00' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/checkout'));
    expect(view.find('PUT', '/api/me/cart/items/L1')[0]!.body).toEqual({ quantity: 1 });
  });

  it('no Buy at $X once it must have been bought, or when bought', async () => {
    for (const over of [{ buyBy: ahead(-HOUR) }, { buyBy: ahead(HOUR), orderId: 'O1' }]) {
      const view = show({ as: 'buyer', offers: [offer(1, { status: 'accepted', ...over })] });
      const c = await card();
      expect(c.getByText(/The time to buy at this price has passed|Bought at this price/)).toBeTruthy();
      expect(buttonsIn(c)).toEqual([]);
      view.unmount();
    }
  });
});

describe("the chat's Make Offer (spec part 2: the buyer in a conversation sees it)", () => {
  it('is shown to the buyer while the listing takes offers, not to the seller', async () => {
    const cases: [Setup, boolean][] = [
      [{ as: 'buyer' }, true],
      [{ as: 'buyer', listing: { acceptOffers: false } }, false],
      [{ as: 'buyer', listing: { status: 'sold', quantityAvailable: 0 } }, false],
      [{ as: 'seller' }, false],
    ];
    for (const [setup, shown] of cases) {
      const view = show(setup);
      await chatLog();
      if (setup.as === 'buyer') await waitFor(() => expect(view.find('GET', '/api/listings/L1')).toHaveLength(1));
      await waitFor(() => expect(!!screen.queryByRole('button', { name: 'Make Offer' })).toBe(shown));
      view.unmount();
    }
  });

  it("sends the offer in this conversation with the toggle: 'Offer Sent', the card appears", async () => {
    const made = offer(4, { amountCents: 12_000, expiresAt: null });
    const view = show({
      as: 'buyer',
      post: (req) => (req.url.pathname === OFFERS_PATH ? { status: 201, body: made } : undefined),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Make Offer' }, LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make an Offer' }));
    await dialog.findByText('Your balance: $200.00 RLUSD');
    fireEvent.change(dialog.getByLabelText(/Offer amount/), { target: { value: '120' } });
    fireEvent.click(dialog.getByRole('switch', { name: 'Expires in 24 hours' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText('Offer Sent')).toBeTruthy();
    expect(view.find('POST', OFFERS_PATH)[0]!.body).toEqual({ amountCents: 12_000, expires: false });
    expect(view.find('POST', '/api/me/conversations')).toHaveLength(0);
    await subscribed(view.me);
    push(view.me, 'message.created', { message: offerMessage(7, made, 'Made an offer of $120.00'), unread: null });
    const c = await card('$120.00');
    expect(c.getByText('pending')).toBeTruthy();
    expect(buttonsIn(c)).toEqual([]);
  });
});
