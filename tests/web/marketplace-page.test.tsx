import './support/setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price-low');
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
    open('/marketplace?category=Fashion&subcategory=Shoes');
    await screen.findByText('No listings found');
    expect(screen.getByText('Shoes')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Gaming' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace?category=Gaming'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'ending-soon' } });
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
});
