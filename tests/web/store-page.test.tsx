import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Store, StoreReview } from '../../shared/api/stores';
import { routes } from '../../web/src/app/router';
import { listing, page, store } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { saveSession, sessionRoutes, stubApi, user, type ApiAnswer, type ApiRequest } from './support/api-stub';

const review = (n: number, overrides: Partial<StoreReview> = {}): StoreReview => ({
  id: `R${n}`,
  rating: 5,
  comment: `Great seller ${n}`,
  createdAt: '2026-10-01T12:00:00.000Z',
  transactionType: 'buy',
  reviewer: { username: `buyer_${n}`, avatarUrl: null },
  reply: null,
  ...overrides,
});

function show(
  opts: {
    store?: Store | ApiAnswer | (() => ApiAnswer);
    reviews?: (req: ApiRequest) => ApiAnswer;
    signedIn?: boolean;
    seller?: boolean;
    reply?: (req: ApiRequest) => ApiAnswer;
    follow?: (req: ApiRequest) => ApiAnswer;
    path?: string;
  } = {},
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  if (opts.signedIn) saveSession();
  const rest = (req: ApiRequest): ApiAnswer | undefined => {
    const path = req.url.pathname;
    if (path === '/api/stores/alice_1') {
      const s = opts.store ?? store();
      if (typeof s === 'function') return s();
      return 'userId' in s ? { body: s } : s;
    }
    if (path === '/api/stores/alice_1/reviews') return opts.reviews?.(req) ?? { body: { items: [], cursor: null } };
    if (path.startsWith('/api/me/reviews/') && req.method === 'POST') return opts.reply!(req);
    if (path === '/api/stores/alice_1/follow') return opts.follow!(req);
    if (path === '/api/listings') return { body: page([]) };
    if (path === '/api/wallet/balances') return { body: { walletAddress: 'r', balances: [], explorerUrl: 'x' } };
    if (path === '/api/me/wishlist') return { body: { items: [], count: 0 } };
    return undefined;
  };
  const api = stubApi(opts.signedIn ? sessionRoutes(() => user({ isSeller: opts.seller ?? true }), rest) : rest);
  return { ...api, ...renderRoutes(routes, opts.path ?? '/user/alice_1') };
}
const main = () => within(screen.getByRole('main'));

describe('/user/{username} (spec part 3 store page)', () => {
  it('shows the header and the active listings to a visitor, without the owner buttons', async () => {
    show({
      store: store({
        bio: 'Picker since 1999.',
        location: 'Austin, TX',
        listings: [listing({ id: 'A1', title: 'Oak Desk' }), listing({ id: 'A2', title: 'Brass Lamp' })],
      }),
    });
    expect(await main().findByRole('heading', { level: 1, name: 'Alice Antiques' })).toBeTruthy();
    expect(main().getByText('@alice_1')).toBeTruthy();
    expect(main().getByText('Verified Seller')).toBeTruthy();
    expect(main().getByText(/4\.5/)).toBeTruthy();
    expect(main().getByText(/\(2 reviews\)/)).toBeTruthy();
    expect(main().getByText('Picker since 1999.')).toBeTruthy();
    expect(main().getByText('Old things, loved again.')).toBeTruthy();
    expect(main().getByText('Joined January 2025')).toBeTruthy();
    expect(main().getByText('Austin, TX')).toBeTruthy();
    const grid = main().getByRole('list', { name: 'Listings of alice_1' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(main().queryByRole('button', { name: 'Customize Store' })).toBeNull();
    expect(main().queryByRole('link', { name: 'List New Item' })).toBeNull();
  });

  it("shows 'Verified Seller' from an administrator's mark, not from selling being turned on (decision 069)", async () => {
    show({ store: store({ isSeller: true, verified: false }) });
    expect(await main().findByRole('heading', { level: 1, name: 'Alice Antiques' })).toBeTruthy();
    expect(main().queryByText('Verified Seller')).toBeNull();
  });

  it('switches to list view and to the Reviews tab by the URL, with arrow keys between the tabs', async () => {
    const { router } = show({
      store: store({ listings: [listing({ id: 'A1' })] }),
      reviews: () => ({ body: { items: [review(1)], cursor: null } }),
    });
    fireEvent.click(await main().findByRole('button', { name: 'List view' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
    expect(main().getByRole('tabpanel').getAttribute('data-view')).toBe('list');
    const storeTab = main().getByRole('tab', { name: 'Store (1)' });
    fireEvent.keyDown(storeTab, { key: 'ArrowRight' });
    const reviewsTab = main().getByRole('tab', { name: 'Reviews (2)' });
    await waitFor(() => expect(reviewsTab.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(reviewsTab);
    expect(router.state.location.search).toContain('tab=reviews');
    expect(await main().findByText('Great seller 1')).toBeTruthy();
  });

  it('lists reviews with reviewer, stars, type and date, and loads more from the cursor', async () => {
    const { find } = show({
      path: '/user/alice_1?tab=reviews',
      reviews: (req) =>
        req.url.searchParams.get('cursor') === 'c2'
          ? { body: { items: [review(3, { rating: 3, transactionType: 'other' })], cursor: null } }
          : { body: { items: [review(1), review(2, { rating: 4 })], cursor: 'c2' } },
    });
    const list = await main().findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'buyer_1' }).getAttribute('href')).toBe('/user/buyer_1');
    expect(within(list).getByLabelText('4 out of 5 stars')).toBeTruthy();
    expect(within(list).getAllByText('Purchase')).toHaveLength(2);
    expect(within(list).getAllByText('Oct 1, 2026')).toHaveLength(2);
    fireEvent.click(main().getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Great seller 3')).toBeTruthy();
    expect(within(list).getByText('Other')).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(find('GET', '/api/stores/alice_1/reviews').map((r) => r.url.searchParams.get('cursor'))).toEqual([
      null,
      'c2',
    ]);
  });

  const REVIEW_ID = '01JRVW0000000000000000000A';
  it('shows replies under reviews; the owner replies once to a review without one (decision 050)', async () => {
    const replied = { comment: 'Thanks, come again', createdAt: '2026-10-02T12:00:00.000Z' };
    const { find } = show({
      signedIn: true,
      path: '/user/alice_1?tab=reviews',
      reviews: () => ({ body: { items: [review(1, { id: REVIEW_ID }), review(2, { reply: replied })], cursor: null } }),
      reply: (req) => ({
        status: 201,
        body: {
          ...review(1, { id: REVIEW_ID }),
          reply: { comment: (req.body as { comment: string }).comment, createdAt: replied.createdAt },
        },
      }),
    });
    const list = await main().findByRole('list', { name: 'Reviews' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(second!).getByText('Thanks, come again')).toBeTruthy();
    expect(within(second!).getByText(/Reply from alice_1/)).toBeTruthy();
    expect(within(second!).queryByRole('button', { name: 'Reply' })).toBeNull();

    fireEvent.click(await within(first!).findByRole('button', { name: 'Reply' }));
    fireEvent.click(within(first!).getByRole('button', { name: 'Post Reply' }));
    expect(within(first!).getByText('Please write a reply')).toBeTruthy();
    fireEvent.change(within(first!).getByRole('textbox', { name: /Your reply/ }), {
      target: { value: ' Glad it fit! ' },
    });
    expect(within(first!).getByText('14 / 1,000 characters')).toBeTruthy();
    fireEvent.click(within(first!).getByRole('button', { name: 'Post Reply' }));
    expect(await within(first!).findByText(/Reply from alice_1/)).toBeTruthy();
    expect(within(first!).getByText('Glad it fit!').tagName).toBe('P');
    expect(within(first!).queryByRole('button', { name: 'Reply' })).toBeNull();
    const [sent] = find('POST', `/api/me/reviews/${REVIEW_ID}/reply`);
    expect(sent).toMatchObject({ body: { comment: 'Glad it fit!' }, idempotencyKey: expect.any(String) });
  });

  it('offers Reply to the owner only', async () => {
    show({ path: '/user/alice_1?tab=reviews', reviews: () => ({ body: { items: [review(1)], cursor: null } }) });
    expect(await main().findByText('Great seller 1')).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('shows the empty states of both tabs', async () => {
    show({ store: store({ reviewCount: 0, rating: null }) });
    expect(await main().findByText('No active listings')).toBeTruthy();
    expect(main().getByText('No ratings yet')).toBeTruthy();
    fireEvent.click(main().getByRole('tab', { name: 'Reviews (0)' }));
    expect(await main().findByText('No reviews yet')).toBeTruthy();
  });

  it("says 'User Not Found' and goes home for an unknown name; /profile/{name} goes to /user/{name}", async () => {
    const { router } = show({
      store: { status: 404, body: { error: { code: 'not_found', message: 'User Not Found' } } },
    });
    expect(await screen.findByText('User Not Found')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('redirects /profile/{name} to the store page', async () => {
    const { router } = show({ path: '/profile/alice_1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/alice_1'));
    expect(await main().findByRole('heading', { level: 1, name: 'Alice Antiques' })).toBeTruthy();
  });

  it("shows 'Failed to load user profile.' with Try Again on other errors", async () => {
    let calls = 0;
    show({
      store: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } }
          : { body: store() };
      },
    });
    expect(await main().findByText('Failed to load user profile.')).toBeTruthy();
    fireEvent.click(main().getByRole('button', { name: 'Try Again' }));
    expect(await main().findByRole('heading', { level: 1, name: 'Alice Antiques' })).toBeTruthy();
  });

  it("sends the owner to the portal's Customize tab and to /sell", async () => {
    show({ signedIn: true });
    expect((await main().findByRole('link', { name: 'List New Item' })).getAttribute('href')).toBe('/sell');
    expect(main().getByRole('link', { name: 'Customize Store' }).getAttribute('href')).toBe(
      '/seller-portal?tab=customize',
    );
    expect(main().queryByRole('button', { name: 'Message' })).toBeNull();
  });

  it("paints the page in the store's theme and shows its featured items above the listings", async () => {
    const desk = listing({ id: 'A1', title: 'Oak Desk' });
    const lamp = listing({ id: 'A2', title: 'Brass Lamp' });
    show({ store: store({ theme: 'dark', listings: [desk, lamp], featured: [lamp], featuredPinned: true }) });
    await main().findByRole('heading', { level: 1, name: 'Alice Antiques' });
    const themed = document.querySelector<HTMLElement>('.store-theme')!;
    expect(themed.getAttribute('data-theme')).toBe('dark');
    expect(themed.getAttribute('data-scheme')).toBe('dark');
    expect(themed.style.getPropertyValue('--color-bg')).toBe('#0b0d12');
    expect(themed.contains(main().getByRole('heading', { level: 1 }))).toBe(true);
    const featured = main().getByRole('list', { name: 'Featured items of alice_1' });
    expect(
      within(featured)
        .getAllByRole('article')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Brass Lamp')]);
    expect(main().getByRole('heading', { level: 2, name: 'Featured Items' })).toBeTruthy();
    const grid = main().getByRole('list', { name: 'Listings of alice_1' });
    expect(featured.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
  describe('Follow (decision 058)', () => {
    const visiting = store({ userId: '01JOTHER', followerCount: 1 });

    it('shows a visitor the follower count and a Follow button that asks to connect a wallet', async () => {
      const { requests } = show({ store: visiting });
      expect(await main().findByText('1 follower')).toBeTruthy();
      const follow = main().getByRole('button', { name: 'Follow' });
      expect(follow.getAttribute('aria-pressed')).toBeNull();
      fireEvent.click(follow);
      expect(await screen.findByText('Authentication Required')).toBeTruthy();
      expect(screen.getByText('Please connect your wallet to follow this store')).toBeTruthy();
      expect(requests.filter((r) => r.url.pathname.endsWith('/follow'))).toEqual([]);
    });

    it('follows, then unfollows on Following, with the pressed state and the count from each answer', async () => {
      const { find } = show({
        signedIn: true,
        store: visiting,
        follow: (req) => ({
          body: req.method === 'PUT' ? { following: true, followerCount: 2 } : { following: false, followerCount: 1 },
        }),
      });
      const follow = await main().findByRole('button', { name: 'Follow', pressed: false });
      expect(main().getByText('1 follower')).toBeTruthy();
      fireEvent.click(follow);
      const following = await main().findByRole('button', { name: 'Following', pressed: true });
      expect(main().getByText('2 followers')).toBeTruthy();
      expect(find('PUT', '/api/stores/alice_1/follow')[0]).toMatchObject({ token: expect.any(String), body: {} });
      fireEvent.click(following);
      expect(await main().findByRole('button', { name: 'Follow', pressed: false })).toBeTruthy();
      expect(main().getByText('1 follower')).toBeTruthy();
      expect(find('DELETE', '/api/stores/alice_1/follow')[0]).toMatchObject({ token: expect.any(String) });
      // The store itself was read with the session, so the server could say whether the viewer follows it.
      expect(find('GET', '/api/stores/alice_1')[0]!.token).toEqual(expect.any(String));
    });

    it('shows a follower Following from the store, and a failed unfollow leaves it so with a toast', async () => {
      show({
        signedIn: true,
        store: { ...visiting, isFollowing: true, followerCount: 1204 },
        follow: () => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }),
      });
      fireEvent.click(await main().findByRole('button', { name: 'Following', pressed: true }));
      expect(await screen.findByText('Failed to unfollow store')).toBeTruthy();
      expect(main().getByRole('button', { name: 'Following', pressed: true })).toBeTruthy();
      expect(main().getByText('1,204 followers')).toBeTruthy();
    });

    it("offers no Follow on one's own store", async () => {
      show({ signedIn: true, store: store({ followerCount: 0 }) });
      expect(await main().findByRole('link', { name: 'Customize Store' })).toBeTruthy();
      expect(main().getByText('0 followers')).toBeTruthy();
      expect(main().queryByRole('button', { name: /^Follow/ })).toBeNull();
    });
  });
});
