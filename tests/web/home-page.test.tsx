import './support/setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LISTING_CATEGORY_NAMES } from '../../shared/domain/categories';
import { HomePage } from '../../web/src/features/listings/routes/home-page';
import { categoryTileHref, topUpListings } from '../../web/src/features/listings/lib/home-listings';
import { stubFetch, type Answer } from './support/fetch-stub';
import { listing, page } from './support/listing-fixture';
import { renderPage } from './support/render';

const emptyApi = () => stubFetch(() => ({ body: page([]) }));

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('home hero search', () => {
  it('goes to /marketplace with the trimmed search on Enter', async () => {
    emptyApi();
    renderPage('/', <HomePage />);
    const input = screen.getByLabelText('Search the marketplace');
    fireEvent.change(input, { target: { value: '  vintage camera  ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace?search=vintage+camera'));
  });

  it('goes to plain /marketplace from the Search button when the box is empty or blank', async () => {
    emptyApi();
    renderPage('/', <HomePage />);
    fireEvent.change(screen.getByLabelText('Search the marketplace'), { target: { value: '   ' } });
    fireEvent.click(within(section('Buy, sell and bid with RLUSD')).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace'));
  });

  it("shows the 'Powered by XRPL' badge and the four popular tiles", () => {
    emptyApi();
    renderPage('/', <HomePage />);
    expect(screen.getByText('Powered by XRPL')).toBeTruthy();
    const tiles = within(screen.getByRole('navigation', { name: 'Popular categories' })).getAllByRole('link');
    expect(tiles.map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Digital Art', '/marketplace?category=Art+%26+Crafts&subcategory=Digital+Art'],
      ['Electronics', '/marketplace?category=Electronics'],
      ['Fashion', '/marketplace?category=Fashion'],
      ['Gaming', '/marketplace?category=Gaming'],
    ]);
  });
});

describe('home sections', () => {
  it('fills Hot Auctions with featured listings first, topped up without duplicates', async () => {
    const featured = [
      listing({ title: 'Featured A', featured: true }),
      listing({ title: 'Featured B', featured: true }),
    ];
    const others = [
      featured[1]!,
      listing({ title: 'Other C' }),
      listing({ title: 'Other D' }),
      listing({ title: 'Other E' }),
    ];
    const { calls } = stubFetch((url): Answer => {
      const q = url.searchParams;
      if (q.get('featured') === 'true') return { body: page(featured) };
      if (q.get('limit') === '8') return { body: page(others) };
      return { body: page([]) };
    });
    renderPage('/', <HomePage />);
    const hot = section('Hot Auctions');
    await waitFor(() =>
      expect(
        within(hot)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Featured A', 'Featured B', 'Other C', 'Other D']),
    );
    expect(calls.some((c) => c.search === '?featured=true&limit=4')).toBe(true);
    expect(calls.some((c) => c.search === '?limit=8')).toBe(true);
    expect(
      within(hot)
        .getByRole('link', { name: /View All/ })
        .getAttribute('href'),
    ).toBe('/marketplace');
  });

  it('shows the loading text, then the empty texts, and hides Newest Listings when empty', async () => {
    emptyApi();
    renderPage('/', <HomePage />);
    expect(screen.getByText('Loading featured listings...')).toBeTruthy();
    expect(await screen.findByText('No listings available at the moment')).toBeTruthy();
    expect(await screen.findByText('No Electronics listings available at the moment')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Newest Listings' })).toBeNull();
  });

  it('reads Newest, Electronics and Fashion from the API with their View All links', async () => {
    const { calls } = stubFetch((url): Answer => {
      const q = url.searchParams;
      if (q.get('sort') === 'newest') return { body: page([listing({ title: 'Newest one' })]) };
      if (q.get('category')) return { body: page([listing({ title: `${q.get('category')} one` })]) };
      return { body: page([listing({ title: 'Hot one', featured: true })]) };
    });
    renderPage('/', <HomePage />);
    expect(await within(section('Newest Listings')).findByText('Newest one')).toBeTruthy();
    expect(await within(section('Electronics')).findByText('Electronics one')).toBeTruthy();
    expect(await within(section('Fashion')).findByText('Fashion one')).toBeTruthy();
    expect(
      within(section('Newest Listings'))
        .getByRole('link', { name: /View All/ })
        .getAttribute('href'),
    ).toBe('/marketplace?sort=newest');
    expect(
      within(section('Fashion'))
        .getByRole('link', { name: /View All/ })
        .getAttribute('href'),
    ).toBe('/marketplace?category=Fashion');
    const searches = calls.map((c) => c.search);
    expect(searches).toContain('?sort=newest&limit=4');
    expect(searches).toContain('?category=Electronics&limit=4');
    expect(searches).toContain('?category=Fashion&limit=4');
  });

  it('shows an error with Try Again for a section whose request fails', async () => {
    let failFashion = true;
    stubFetch((url): Answer => {
      if (url.searchParams.get('category') === 'Fashion' && failFashion) {
        return { status: 503, body: { error: { code: 'unavailable', message: 'down' } } };
      }
      return { body: page([listing({ title: `ok ${url.search}` })]) };
    });
    renderPage('/', <HomePage />);
    const fashion = section('Fashion');
    expect(await within(fashion).findByText('Failed to fetch listings')).toBeTruthy();
    failFashion = false;
    fireEvent.click(within(fashion).getByRole('button', { name: 'Try Again' }));
    expect(await within(fashion).findByText('ok ?category=Fashion&limit=4')).toBeTruthy();
  });

  it('links the 15 listing categories under Explore Categories', () => {
    emptyApi();
    renderPage('/', <HomePage />);
    const links = within(section('Explore Categories')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(LISTING_CATEGORY_NAMES);
    expect(links[3]!.getAttribute('href')).toBe('/marketplace?category=Home+%26+Garden');
  });

  it('shows the four Why Choose benefit cards', () => {
    emptyApi();
    renderPage('/', <HomePage />);
    const cards = within(section('Why Choose RLUSD Marketplace')).getAllByRole('heading', { level: 3 });
    expect(cards.map((c) => c.textContent)).toEqual([
      'Escrow protection',
      'Real-time bidding',
      'Verified auctioneers',
      'Fair resolution',
    ]);
  });
});

describe('home helpers', () => {
  it('topUpListings caps at the size and skips duplicates', () => {
    const a = listing();
    const b = listing();
    const c = listing();
    expect(topUpListings([a], [a, b, c], 2)).toEqual([a, b]);
    expect(topUpListings([a, b, c], [], 2)).toEqual([a, b]);
  });

  it('categoryTileHref maps a subcategory name to its parent category', () => {
    expect(categoryTileHref('Gaming')).toBe('/marketplace?category=Gaming');
    expect(categoryTileHref('Digital Art')).toBe('/marketplace?category=Art+%26+Crafts&subcategory=Digital+Art');
  });
});
