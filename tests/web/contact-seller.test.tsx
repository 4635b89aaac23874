import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../shared/api/messages';
import { routes } from '../../web/src/app/router';
import { listingDetail, page, store } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { saveSession, sessionRoutes, stubApi, user, type ApiAnswer, type ApiRequest } from './support/api-stub';

const CONVERSATION = '0C000000000000000000000001';

const started = (created: boolean): ApiAnswer => ({
  body: {
    created,
    conversation: {
      id: CONVERSATION,
      role: 'buyer',
      listing: null,
      otherParty: { id: 'SELLER1', username: 'sam' },
      lastMessage: null,
      unreadCount: 0,
      createdAt: '2026-06-01T00:00:00.000Z',
      updatedAt: '2026-06-01T00:00:00.000Z',
    } satisfies ConversationSummary,
  },
});

/** The listing page (or a store page) of SELLER1's, for a visitor or for `me`; `start` answers Contact Seller. */
function show(path: string, opts: { me?: string; start?: (req: ApiRequest) => ApiAnswer } = {}) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  const routesOf = (req: ApiRequest): ApiAnswer | undefined => {
    const p = req.url.pathname;
    if (p === '/api/listings/L1')
      return { body: listingDetail({ id: 'L1', seller: { id: 'SELLER1', username: 'sam' } }) };
    if (p === '/api/stores/sam') return { body: store({ userId: 'SELLER1', username: 'sam' }) };
    if (p === '/api/stores/sam/reviews') return { body: { items: [], cursor: null } };
    if (p === '/api/listings') return { body: page([]) };
    if (p === '/api/me/conversations' && req.method === 'POST') return (opts.start ?? (() => started(true)))(req);
    return undefined;
  };
  if (opts.me) saveSession();
  const api = stubApi(opts.me ? sessionRoutes(() => user({ id: opts.me! }), routesOf) : routesOf);
  return { ...api, ...renderRoutes(routes, path) };
}

const main = () => screen.getByRole('main');
/** The first find of a test waits for the page's lazily loaded code (slow on a busy machine). */
const LOAD = { timeout: 5_000 };

describe('Contact Seller (spec part 1)', () => {
  it('signed out: the spec’s toast and the Connect Wallet dialog, nothing sent', async () => {
    const api = show('/item/L1');
    fireEvent.click(await within(main()).findByRole('button', { name: 'Contact Seller' }, LOAD));
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please connect your wallet to contact the seller')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
    expect(api.find('POST', '/api/me/conversations')).toHaveLength(0);
  });

  it('the seller does not see Contact Seller on their own listing', async () => {
    show('/item/L1', { me: 'SELLER1' });
    await within(main()).findByRole('heading', { name: 'Seller', level: 2 }, LOAD);
    await waitFor(() => expect(screen.getByRole('button', { name: / account(,|$)/ })).toBeTruthy());
    expect(within(main()).queryByRole('button', { name: 'Contact Seller' })).toBeNull();
  });

  it("finds or makes the conversation about the listing and opens it: 'Conversation Started'", async () => {
    const api = show('/item/L1', { me: '01JUSER' });
    const button = await within(main()).findByRole('button', { name: 'Contact Seller' }, LOAD);
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect(await screen.findByText('Conversation Started')).toBeTruthy();
    expect(api.find('POST', '/api/me/conversations')[0]!.body).toEqual({ listingId: 'L1' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toBeTruthy());
  });

  it("the server's refusal or a failure: 'Cannot Contact Yourself' or 'Failed to start conversation'", async () => {
    const refuse = (code: string, status: number): ApiAnswer => ({ status, body: { error: { code, message: code } } });
    show('/item/L1', { me: '01JUSER', start: () => refuse('cannot_contact_yourself', 403) });
    const button = await within(main()).findByRole('button', { name: 'Contact Seller' }, LOAD);
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect(await screen.findByText('Cannot Contact Yourself')).toBeTruthy();
    show('/item/L1', { me: '01JUSER', start: () => refuse('internal', 500) });
    const again = (await screen.findAllByRole('button', { name: 'Contact Seller' })).at(-1)!;
    await waitFor(() => expect(again).toHaveProperty('disabled', false));
    fireEvent.click(again);
    expect(await screen.findByText('Failed to start conversation')).toBeTruthy();
  });
});

describe("the store page's Message button (spec part 3)", () => {
  it("others see Message: a conversation with the store's user", async () => {
    const api = show('/user/sam', { me: '01JUSER', start: () => started(false) });
    const button = await within(main()).findByRole('button', { name: 'Message' }, LOAD);
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toBeTruthy());
    expect(api.find('POST', '/api/me/conversations')[0]!.body).toEqual({ sellerId: 'SELLER1' });
    // Found, not made: no 'Conversation Started'.
    expect(screen.queryByText('Conversation Started')).toBeNull();
  });

  it('the owner sees Customize Store instead', async () => {
    show('/user/sam', { me: 'SELLER1' });
    expect(await within(main()).findByRole('link', { name: 'Customize Store' }, LOAD)).toBeTruthy();
    expect(within(main()).queryByRole('button', { name: 'Message' })).toBeNull();
  });
});
