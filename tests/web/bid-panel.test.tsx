import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BidHistoryEntry, BidPlaced } from '../../shared/api/bids';
import type { ListingDetail } from '../../shared/api/listings';
import { routes } from '../../web/src/app/router';
import {
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
import { listingDetail, page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

function auction(over: Partial<ListingDetail> = {}): ListingDetail {
  return listingDetail({
    id: 'L1',
    title: 'Brass Lantern',
    listingType: 'auction',
    priceCents: null,
    startingBidCents: 1_000,
    endsAt: ahead(2 * 24 * HOUR),
    seller: { id: 'S9', username: 'sam' },
    ...over,
  });
}

const line = (id: string, bidderUsername: string, amountCents: number, at = ago(0)): BidHistoryEntry => ({
  id,
  bidderUsername,
  amountCents,
  at,
});

interface Setup {
  detail?: ListingDetail | (() => ListingDetail);
  history?: BidHistoryEntry[] | { status: number };
  rlusdCents?: number;
  post?: (req: ApiRequest) => ApiAnswer;
  signedIn?: boolean;
}

/** The item page for an auction; signed in as alice_1 (01JUSER) unless `signedIn` is false. */
function show({ detail = auction(), history = [], rlusdCents = 50_000, post, signedIn = true }: Setup = {}) {
  const rest = (req: ApiRequest): ApiAnswer | undefined => {
    const path = req.url.pathname;
    if (path === '/api/listings/L1') return { body: typeof detail === 'function' ? detail() : detail };
    if (path === '/api/listings/L1/bids' && req.method === 'GET') {
      return Array.isArray(history) ? { body: { items: history } } : { status: history.status, body: {} };
    }
    if (path === '/api/listings/L1/bids' && req.method === 'POST' && post) return post(req);
    if (path === '/api/listings') return { body: page([]) };
    if (path === '/api/wallet/balances') {
      return { body: balances([{ currency: 'RLUSD', value: String(rlusdCents / 100), cents: rlusdCents }]) };
    }
    if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
    if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
    if (path === '/api/me/orders') return { body: { items: [], nextCursor: null } };
    if (path === '/api/me/profile') return { status: 404, body: {} };
    return undefined;
  };
  if (signedIn) saveSession();
  const api = stubApi(signedIn ? sessionRoutes(() => user(), rest) : rest);
  renderRoutes(routes, '/item/L1');
  return api;
}

const main = () => within(screen.getByRole('main'));
const panel = () => within(main().getByRole('region', { name: 'Place a Bid' }));
const findPanel = async () => within(await main().findByRole('region', { name: 'Place a Bid' }));
const amountField = () => panel().getByLabelText('Your maximum bid');
const placeBid = () => panel().getByRole('button', { name: /^Place Bid/ });
const type = (text: string) => fireEvent.change(amountField(), { target: { value: text } });

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.instances = [];
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
});

/** A bid.placed push on the listing's topic, as the server sends it. */
function pushBid(data: {
  currentBidCents: number;
  bidCount: number;
  endsAt?: string;
  reserveStatus?: 'none' | 'met' | 'not_met';
  leads?: boolean;
  bid: BidHistoryEntry;
}) {
  pushEvent('listing:L1', {
    id: `bid:${data.bid.id}`,
    occurredAt: data.bid.at,
    type: 'bid.placed',
    data: {
      listingId: 'L1',
      endsAt: auction().endsAt,
      reserveStatus: 'none',
      buyItNowRemoved: false,
      leads: true,
      ...data,
    },
  });
}

const subscribed = () => subscribedTo('listing:L1');

describe('the bid panel on /item/{id} (spec part 1 listing page, bid rules and toasts)', () => {
  it('shows the balance card, the current bid and the bid history with names, amounts and ages', async () => {
    show({
      detail: auction({ currentBidCents: 2_500, bidCount: 3 }),
      history: [
        line('B3', 'bob', 2_500, ago(10 * 60_000)),
        line('B2', 'carol', 2_000, ago(5 * HOUR)),
        line('B1', 'bob', 1_000, ago(3 * 24 * HOUR)),
      ],
    });
    const balance = await (await findPanel()).findByRole('group', { name: 'Your Balance' });
    expect(within(balance).getByText('Your Balance')).toBeTruthy();
    expect(await within(balance).findByText('$500.00 RLUSD')).toBeTruthy();
    expect(within(balance).getByText('Available for bidding')).toBeTruthy();
    const price = within(main().getByRole('region', { name: 'Price' }));
    expect(price.getByText('Current bid').nextElementSibling?.textContent).toBe('$25.00');
    expect(price.getByText('Starting bid').nextElementSibling?.textContent).toBe('$10.00');
    const history = within(await main().findByRole('list', { name: 'Bids, highest first' }));
    expect(history.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'bob$25.00Just now',
      'carol$20.00' + '5 hours ago',
      'bob$10.00' + '3 days ago',
    ]);
  });

  it('before the first bid, the current bid is the starting bid; with no bids the history says so', async () => {
    show();
    expect(await main().findByText('No bids yet. Be the first to bid.')).toBeTruthy();
    const price = within(main().getByRole('region', { name: 'Price' }));
    expect(price.getByText('Current bid').nextElementSibling?.textContent).toBe('$10.00');
    expect(amountField().getAttribute('min')).toBe('10.01');
    expect(amountField().getAttribute('step')).toBe('0.01');
  });

  it("says 'Failed to fetch bid history' with Try Again", async () => {
    const api = show({ history: { status: 500 } });
    expect(await main().findByText('Failed to fetch bid history')).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(api.find('GET', '/api/listings/L1/bids').length).toBeGreaterThan(1));
  });

  it("disables Place Bid while empty, '(Too Low)' at or below the current bid, '(Low Balance)' above the balance", async () => {
    show({ rlusdCents: 3_000 });
    await (await findPanel()).findByText('$30.00 RLUSD');
    expect(placeBid().hasAttribute('disabled')).toBe(true);
    type('10');
    expect(placeBid().textContent).toBe('Place Bid (Too Low)');
    expect(placeBid().hasAttribute('disabled')).toBe(true);
    type('40');
    expect(placeBid().textContent).toBe('Place Bid (Low Balance)');
    expect(placeBid().hasAttribute('disabled')).toBe(true);
    expect(panel().getByText('You need $40.00 but only have $30.00 available.')).toBeTruthy();
    type('25');
    expect(placeBid().textContent).toBe('Place Bid');
    expect(placeBid().hasAttribute('disabled')).toBe(false);
  });

  it("says 'Invalid Bid' – 'Please enter a valid bid amount' for an amount that is not one, without asking the server", async () => {
    const post = vi.fn<(req: ApiRequest) => ApiAnswer>();
    show({ post });
    await (await findPanel()).findByText('$500.00 RLUSD');
    type('12.345');
    fireEvent.click(placeBid());
    expect(await screen.findByText('Invalid Bid')).toBeTruthy();
    expect(screen.getByText('Please enter a valid bid amount')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('places a bid: the maximum with an Idempotency-Key, the success toast, the leader line and the history', async () => {
    const placed: BidPlaced = {
      listingId: 'L1',
      currentBidCents: 1_000,
      bidCount: 1,
      endsAt: auction().endsAt!,
      reserveStatus: 'not_met',
      leading: true,
      bid: line('B1', 'alice_1', 1_000),
    };
    const api = show({
      detail: auction({ hasReserve: true, reserveStatus: 'not_met', buyItNowPriceCents: 9_000 }),
      post: () => ({ status: 201, body: placed }),
    });
    await (await findPanel()).findByText('$500.00 RLUSD');
    expect(main().getByRole('button', { name: 'Buy Now' })).toBeTruthy();
    type('45.50');
    fireEvent.click(placeBid());
    expect(await screen.findByText('Bid Placed Successfully')).toBeTruthy();
    expect(screen.getByText('Your bid of $45.50 has been placed.')).toBeTruthy();
    const [sent] = api.find('POST', '/api/listings/L1/bids');
    expect(sent?.body).toEqual({ amountCents: 4_550 });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.token).toBeTruthy();
    expect(panel().getByRole('status').textContent).toBe("You're the highest bidder");
    expect((amountField() as HTMLInputElement).value).toBe('');
    const history = within(main().getByRole('list', { name: 'Bids, highest first' }));
    expect(history.getByText('alice_1')).toBeTruthy();
    // Buy It Now ends with the first bid; the reserve line stays.
    await waitFor(() => expect(main().queryByRole('button', { name: 'Buy Now' })).toBeNull());
    expect(main().getByText('Reserve not met')).toBeTruthy();
  });

  it("shows the server's refusal and reads the auction again when a higher bid came first", async () => {
    let reads = 0;
    show({
      detail: () => {
        reads += 1;
        return reads === 1 ? auction() : auction({ currentBidCents: 3_000, bidCount: 1 });
      },
      post: () => ({
        status: 409,
        body: { error: { code: 'too_low', message: 'Your bid must be higher than the current bid of $30.00' } },
      }),
    });
    await (await findPanel()).findByText('$500.00 RLUSD');
    type('20');
    fireEvent.click(placeBid());
    expect(await screen.findByText('Invalid Bid')).toBeTruthy();
    expect(screen.getByText('Your bid must be higher than the current bid of $30.00')).toBeTruthy();
    const price = within(main().getByRole('region', { name: 'Price' }));
    await waitFor(() => expect(price.getByText('Current bid').nextElementSibling?.textContent).toBe('$30.00'));
    // The field keeps the amount, now marked too low.
    expect(placeBid().textContent).toBe('Place Bid (Too Low)');
  });

  it("says 'Bid Failed' when the server fails, and a retry of the same amount keeps its Idempotency-Key", async () => {
    let fail = true;
    const api = show({
      post: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : {
              status: 201,
              body: {
                listingId: 'L1',
                currentBidCents: 1_000,
                bidCount: 1,
                endsAt: auction().endsAt!,
                reserveStatus: 'none',
                leading: true,
                bid: line('B1', 'alice_1', 1_000),
              } satisfies BidPlaced,
            },
    });
    await (await findPanel()).findByText('$500.00 RLUSD');
    type('20');
    fireEvent.click(placeBid());
    expect(await screen.findByText('Bid Failed')).toBeTruthy();
    expect(screen.getByText('There was an error placing your bid. Please try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(placeBid());
    expect(await screen.findByText('Bid Placed Successfully')).toBeTruthy();
    const keys = api.find('POST', '/api/listings/L1/bids').map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // A new submission (after the answer) gets a new key.
    type('30');
    fireEvent.click(placeBid());
    await waitFor(() => expect(api.find('POST', '/api/listings/L1/bids')).toHaveLength(3));
    expect(api.find('POST', '/api/listings/L1/bids')[2]?.idempotencyKey).not.toBe(keys[0]);
  });

  it("shows the seller 'Cannot Bid on Own Item' with the controls disabled", async () => {
    show({ detail: auction({ seller: { id: '01JUSER', username: 'alice_1' } }) });
    expect(await (await findPanel()).findByText('Cannot Bid on Own Item')).toBeTruthy();
    expect(panel().getByText('You cannot bid on your own listing.')).toBeTruthy();
    expect(amountField().hasAttribute('disabled')).toBe(true);
    expect(placeBid().hasAttribute('disabled')).toBe(true);
  });

  it('opens Connect Wallet for a visitor who presses Place Bid, and shows no balance card', async () => {
    const api = show({ signedIn: false });
    await main().findByRole('region', { name: 'Place a Bid' });
    expect(panel().queryByRole('group', { name: 'Your Balance' })).toBeNull();
    type('20');
    fireEvent.click(placeBid());
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
    expect(api.find('POST', '/api/listings/L1/bids')).toEqual([]);
  });

  it('has no bid panel once the auction has ended', async () => {
    show({ detail: auction({ endsAt: ago(60_000) }) });
    expect(await main().findByText('Ended')).toBeTruthy();
    expect(main().queryByRole('region', { name: 'Place a Bid' })).toBeNull();
  });
});

describe('live bidding on /item/{id} (spec part 2 "Live bidding", decision 030)', () => {
  it("moves price, count, end and history on someone else's bid, with 'New Bid Placed' – 'Someone bid $X'", async () => {
    show({ detail: auction({ endsAt: ahead(90_000), buyItNowPriceCents: 9_000 }) });
    await subscribed();
    const price = within(main().getByRole('region', { name: 'Price' }));
    expect(price.getByText('1m')).toBeTruthy();
    pushBid({
      currentBidCents: 1_000,
      bidCount: 1,
      endsAt: ahead(30 * 60_000),
      reserveStatus: 'none',
      bid: line('B1', 'bob', 1_000),
    });
    expect(await screen.findByText('New Bid Placed')).toBeTruthy();
    expect(screen.getByText('Someone bid $10.00')).toBeTruthy();
    expect(price.getByText('Bids').nextElementSibling?.textContent).toBe('1');
    // Soft close moved the end: the time left follows.
    expect(price.getByText(/^(29|30)m$/)).toBeTruthy();
    expect(within(await main().findByRole('list', { name: 'Bids, highest first' })).getByText('bob')).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Buy Now' })).toBeNull();
    // The same message again changes nothing.
    pushBid({ currentBidCents: 1_000, bidCount: 1, bid: line('B1', 'bob', 1_000) });
    expect(within(main().getByRole('list', { name: 'Bids, highest first' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it("never shows 'New Bid Placed' to the bidder themself", async () => {
    show();
    await subscribed();
    pushBid({ currentBidCents: 1_000, bidCount: 1, bid: line('B1', 'alice_1', 1_000) });
    const price = within(main().getByRole('region', { name: 'Price' }));
    await waitFor(() => expect(price.getByText('Bids').nextElementSibling?.textContent).toBe('1'));
    expect(screen.queryByText('New Bid Placed')).toBeNull();
  });

  it("flips a leading viewer to 'You've been outbid' when someone else's bid takes the lead", async () => {
    let leads = true;
    const api = show({
      detail: () => auction({ currentBidCents: 1_000, bidCount: 1, viewerLeads: leads }),
      history: [line('B1', 'alice_1', 1_000)],
    });
    expect(await (await findPanel()).findByText("You're the highest bidder")).toBeTruthy();
    await subscribed();
    const reads = api.find('GET', '/api/listings/L1').length;
    leads = false;
    pushBid({ currentBidCents: 2_001, bidCount: 2, bid: line('B2', 'bob', 2_001) });
    expect(await (await findPanel()).findByText("You've been outbid")).toBeTruthy();
    expect(api.find('GET', '/api/listings/L1').length).toBeGreaterThan(reads);
  });

  it('reads the listing and history again after each (re)subscription', async () => {
    const api = show();
    await subscribed();
    const listingReads = api.find('GET', '/api/listings/L1').length;
    const historyReads = api.find('GET', '/api/listings/L1/bids').length;
    for (const socket of FakeSocket.instances) act(() => socket.emit({ type: 'subscribed', topic: 'listing:L1' }));
    await waitFor(() => expect(api.find('GET', '/api/listings/L1').length).toBeGreaterThan(listingReads));
    await waitFor(() => expect(api.find('GET', '/api/listings/L1/bids').length).toBeGreaterThan(historyReads));
  });
});
