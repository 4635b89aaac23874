import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarketplacePage } from '../../web/src/features/listings/routes/marketplace-page';
import { pending, stubFetch } from './support/fetch-stub';
import { listing, page } from './support/listing-fixture';
import { renderPage } from './support/render';

const open = (entry = '/marketplace') => renderPage('/marketplace', <MarketplacePage />, entry);

describe('marketplace page', () => {
  it("shows 'Loading marketplace...' while the first page loads", async () => {
    stubFetch(() => pending());
    open();
    expect(screen.getByRole('heading', { name: 'Discover Amazing Deals' })).toBeTruthy();
    const text = await screen.findByText('Loading marketplace...');
    expect(text.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
  });

  it("shows 'Failed to load listings' and 'Try Again' fetches again", async () => {
    const { calls } = stubFetch((_url, i) =>
      i === 0
        ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side' } } }
        : { body: page([listing({ title: 'Recovered item' })]) },
    );
    open();
    expect(await screen.findByText('Failed to load listings')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Recovered item')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(screen.queryByText('Failed to load listings')).toBeNull();
  });

  it('shows the same error state when a search is over its per-IP limit (429), and Try Again recovers', async () => {
    const { calls } = stubFetch((_url, i) =>
      i === 0
        ? {
            status: 429,
            body: { error: { code: 'too_many_requests', message: 'Too many requests, try again in 20 s' } },
          }
        : { body: page([listing({ title: 'Vintage lamp' })]) },
    );
    open('/marketplace?search=vintage');
    expect(await screen.findByText('Failed to load listings')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Vintage lamp')).toBeTruthy();
    expect(calls.map((c) => c.searchParams.get('search'))).toEqual(['vintage', 'vintage']);
  });

  it("without filters an empty result says 'Be the first to list an item!'", async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    open();
    expect(await screen.findByText('No listings found')).toBeTruthy();
    expect(screen.getByText('Be the first to list an item!')).toBeTruthy();
    expect(calls[0]!.pathname).toBe('/api/listings');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ limit: '24' });
  });

  it("with a filter an empty result says 'Try adjusting your filters'", async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    open('/marketplace?search=%20unicorn%20&category=electronics&sort=price-low');
    expect(await screen.findByText('No listings found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your filters')).toBeTruthy();
    // The URL category is honoured case-insensitively, in the dropdown's spelling.
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      search: 'unicorn',
      category: 'Electronics',
      sort: 'price-low',
      limit: '24',
    });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('Electronics');
    // A link that uses the panel's controls opens the panel.
    expect(screen.getByRole('button', { name: 'More Filters' }).getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByLabelText('Sort By') as HTMLSelectElement).value).toBe('price-low');
  });

  it('ignores a URL category that is not in the dropdown', async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    open('/marketplace?category=Spaceships&sort=cheapest');
    expect(await screen.findByText('Be the first to list an item!')).toBeTruthy();
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ limit: '24' });
  });

  it('search rewrites the URL (keeping the category) and queries the server', async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    const { router } = open('/marketplace?category=Fashion');
    await screen.findByText('No listings found');
    fireEvent.change(screen.getByLabelText('Search listings'), { target: { value: '  red shoes ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/marketplace?search=red+shoes&category=Fashion'),
    );
    // replace, not push: the history did not grow.
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(calls.some((c) => c.searchParams.get('search') === 'red shoes')).toBe(true));
  });

  it('changing the category or sort updates the URL and drops a subcategory of the old category', async () => {
    stubFetch(() => ({ body: page([]) }));
    const { router } = open('/marketplace?category=Fashion&subcategory=Shoes');
    await screen.findByText('No listings found');
    expect(screen.getByRole('button', { name: 'Remove filter Subcategory: Shoes' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Gaming' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace?category=Gaming'));
    // Filter changes push, so Back undoes them.
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.click(screen.getByRole('button', { name: 'More Filters' }));
    fireEvent.change(screen.getByLabelText('Sort By'), { target: { value: 'ending-soon' } });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/marketplace?category=Gaming&sort=ending-soon'),
    );
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'all' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace?sort=ending-soon'));
  });

  it("'Load more' fetches the next cursor and appends its cards, then disappears", async () => {
    const first = Array.from({ length: 24 }, (_, i) => listing({ title: `First page ${i}` }));
    const { calls } = stubFetch((url) =>
      url.searchParams.get('cursor') === 'c2'
        ? { body: page([listing({ title: 'Second page item' })], null) }
        : { body: page(first, 'c2') },
    );
    open();
    expect(await screen.findByText('First page 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page item')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(calls.at(-1)!.searchParams.get('cursor')).toBe('c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads condition, listing type and price from the URL, sends them as cents and shows one chip each', async () => {
    const { calls } = stubFetch(() => ({ body: page([listing({ title: 'Old lamp' })]) }));
    open(
      '/marketplace?search=lamp&category=Electronics&condition=like_new&listingType=auction&minPrice=10&maxPrice=50.5',
    );
    expect(await screen.findByText('Old lamp')).toBeTruthy();
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      search: 'lamp',
      category: 'Electronics',
      condition: 'like_new',
      listingType: 'auction',
      minPriceCents: '1000',
      maxPriceCents: '5050',
      limit: '24',
    });
    const chips = within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole('button');
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Remove filter Search: lamp',
      'Remove filter Category: Electronics',
      'Remove filter Condition: Like New',
      'Remove filter Type: Auction',
      'Remove filter Price: $10.00 – $50.50',
    ]);
    expect(chips[2]!.textContent).toBe('Condition: Like New×');
    // The panel shows the same values.
    expect((screen.getByLabelText('Condition') as HTMLSelectElement).value).toBe('like_new');
    expect((screen.getByLabelText('Listing Type') as HTMLSelectElement).value).toBe('auction');
    expect((screen.getByLabelText('Min price') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('Max price') as HTMLInputElement).value).toBe('50.50');
  });

  it('ignores condition, type and price values it does not know, and an inverted price range', async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    open('/marketplace?condition=vintage&listingType=barter&minPrice=abc&maxPrice=-5&view=tiles');
    expect(await screen.findByText('Be the first to list an item!')).toBeTruthy();
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ limit: '24' });
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('drops a hand-edited price range whose minimum is above its maximum (the API would refuse it)', async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    open('/marketplace?minPrice=50&maxPrice=10');
    expect(await screen.findByText('Be the first to list an item!')).toBeTruthy();
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ limit: '24' });
  });

  it('removing a chip pushes the URL without that filter and refetches; Clear all keeps sort and view', async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    const { router } = open(
      '/marketplace?search=lamp&category=Fashion&subcategory=Shoes&condition=new&sort=newest&view=list',
    );
    await screen.findByText('No listings found');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Condition: New' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/marketplace?search=lamp&category=Fashion&subcategory=Shoes&sort=newest&view=list',
      ),
    );
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(calls.at(-1)!.searchParams.has('condition')).toBe(false));
    // Removing the category takes its subcategory with it.
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Category: Fashion' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/marketplace?search=lamp&sort=newest&view=list'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace?sort=newest&view=list'));
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
    expect(await screen.findByText('Be the first to list an item!')).toBeTruthy();
  });

  it('panel filters write the URL; Back and Forward restore the filters and their results', async () => {
    stubFetch((url) => {
      const condition = url.searchParams.get('condition');
      const type = url.searchParams.get('listingType');
      if (type === 'auction') return { body: page([listing({ title: 'New auction', listingType: 'auction' })]) };
      if (condition === 'new') return { body: page([listing({ title: 'Brand new thing', condition: 'new' })]) };
      return { body: page([listing({ title: 'Anything' })]) };
    });
    const { router } = open();
    expect(await screen.findByText('Anything')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'More Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'new' } });
    expect(await screen.findByText('Brand new thing')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/marketplace?condition=new');
    fireEvent.change(screen.getByLabelText('Listing Type'), { target: { value: 'auction' } });
    expect(await screen.findByText('New auction')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/marketplace?condition=new&listingType=auction');

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Brand new thing')).toBeTruthy();
    expect((screen.getByLabelText('Listing Type') as HTMLSelectElement).value).toBe('all');
    expect(screen.queryByRole('button', { name: 'Remove filter Type: Auction' })).toBeNull();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Anything')).toBeTruthy();
    expect((screen.getByLabelText('Condition') as HTMLSelectElement).value).toBe('all');
    await act(() => router.navigate(2));
    expect(await screen.findByText('New auction')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter Type: Auction' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter Condition: New' })).toBeTruthy();
  });

  it('refuses a minimum price above the maximum with a field error and sends nothing', async () => {
    const { calls } = stubFetch(() => ({ body: page([]) }));
    open();
    await screen.findByText('No listings found');
    fireEvent.click(screen.getByRole('button', { name: 'More Filters' }));
    const min = screen.getByLabelText('Min price') as HTMLInputElement;
    const max = screen.getByLabelText('Max price') as HTMLInputElement;
    expect(min.step).toBe('0.01');
    fireEvent.change(min, { target: { value: '50' } });
    fireEvent.change(max, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const error = await screen.findByText('The minimum price cannot be above the maximum');
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(min.getAttribute('aria-describedby')).toBe(error.id);
    expect(screen.getByTestId('location').textContent).toBe('/marketplace');
    expect(calls.every((c) => !c.searchParams.has('minPriceCents'))).toBe(true);

    fireEvent.change(min, { target: { value: '10.25' } });
    fireEvent.change(max, { target: { value: '50' } });
    fireEvent.submit(max.form!);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/marketplace?minPrice=10.25&maxPrice=50'),
    );
    expect(screen.queryByText('The minimum price cannot be above the maximum')).toBeNull();
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({
        minPriceCents: '1025',
        maxPriceCents: '5000',
        limit: '24',
      }),
    );
    expect(screen.getByRole('button', { name: 'Remove filter Price: $10.25 – $50.00' })).toBeTruthy();

    // The inputs were rebuilt from the URL; three decimals are not an amount of cents.
    expect((screen.getByLabelText('Min price') as HTMLInputElement).value).toBe('10.25');
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '5.005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Enter an amount in dollars, e.g. 10 or 10.50')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/marketplace?minPrice=10.25&maxPrice=50');
  });

  it("counts '24+ results' while more can load, the exact number once all are loaded", async () => {
    const first = Array.from({ length: 24 }, (_, i) => listing({ title: `Item ${i}` }));
    stubFetch((url) =>
      url.searchParams.get('cursor') === 'c2'
        ? { body: page([listing({ title: 'Last item' })], null) }
        : { body: page(first, 'c2') },
    );
    open();
    expect(await screen.findByText('24+ results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('25 results')).toBeTruthy();
    expect(screen.getByText('25 results').getAttribute('role')).toBe('status');
  });

  it("says '1 result' for a single listing", async () => {
    stubFetch(() => ({ body: page([listing({ title: 'Only one' })]) }));
    open('/marketplace?search=only');
    expect(await screen.findByText('1 result')).toBeTruthy();
  });

  it('switches to the list view and keeps it in the URL', async () => {
    stubFetch(() => ({ body: page([listing({ title: 'Lamp' })]) }));
    const { router } = open('/marketplace?category=Fashion');
    await screen.findByText('Lamp');
    const results = screen.getByRole('region', { name: 'Results' });
    expect(results.getAttribute('data-view')).toBeNull();
    expect(screen.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/marketplace?category=Fashion&view=list'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(results.getAttribute('data-view')).toBe('list');
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Grid view' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Grid view' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace?category=Fashion'));
  });
});
