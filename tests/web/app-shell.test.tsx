import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../web/src/app/router';
import { stubFetch } from './support/fetch-stub';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';

function setWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

describe('404 page', () => {
  it("shows 'Oops! Page not found' for an unknown path, and Return to Home goes to /", async () => {
    stubFetch(() => ({ body: page([]) }));
    const { router } = renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Powered by XRPL')).toBeTruthy();
    // Focus starts over at the new page's content, as after a full page load.
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('app shell', () => {
  it('has the landmarks, a skip link and a logo link home', async () => {
    setWidth(1280);
    stubFetch(() => ({ body: page([]) }));
    renderRoutes(routes, '/marketplace');
    expect(await screen.findByRole('heading', { name: 'Discover Amazing Deals' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('link', { name: 'RLUSD Marketplace home' }).getAttribute('href')).toBe('/');
    // Signed out: Connect Wallet, and the cart (a visitor's cart lives in this browser).
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 0 items' }).getAttribute('href')).toBe(
      '/cart',
    );
  });

  it('shows 4 category menus and More at xl width; a subcategory goes to the filtered marketplace', async () => {
    setWidth(1280);
    stubFetch(() => ({ body: page([]) }));
    const { router } = renderRoutes(routes, '/');
    const bar = await screen.findByRole('navigation', { name: 'Categories' });
    const triggers = within(bar).getAllByRole('button');
    expect(triggers.map((b) => b.textContent)).toEqual([
      'Electronics',
      'Automotive',
      'Fashion',
      'Home & Garden',
      'More',
    ]);

    fireEvent.keyDown(triggers[2]!, { key: 'Enter' });
    const menu = await screen.findByRole('menu', { name: 'Fashion' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      "Men's Clothing",
      "Women's Clothing",
      'Shoes',
      'Accessories',
      'Watches',
      'Jewelry',
      'View All Fashion →',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Shoes' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Fashion&subcategory=Shoes'));
    expect(router.state.location.pathname).toBe('/marketplace');
  });

  it('lists the categories that do not fit under More, each going to its marketplace category', async () => {
    setWidth(1100);
    stubFetch(() => ({ body: page([]) }));
    renderRoutes(routes, '/');
    const bar = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(bar).getAllByRole('button')).toHaveLength(4);
    fireEvent.keyDown(within(bar).getByRole('button', { name: 'More' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu', { name: 'More' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.getAttribute('href')),
    ).toEqual([
      '/marketplace?category=Home+%26+Garden',
      '/marketplace?category=Gaming',
      '/marketplace?category=Baby+%26+Kids',
      '/marketplace?category=Collectibles',
    ]);
  });

  it('header search goes to the marketplace with the trimmed text', async () => {
    setWidth(1280);
    stubFetch(() => ({ body: page([]) }));
    const { router } = renderRoutes(routes, '/no-such');
    await screen.findByText('Oops! Page not found');
    const input = within(screen.getByRole('banner')).getByLabelText('Search listings');
    fireEvent.change(input, { target: { value: ' lamp ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?search=lamp'));
    expect(router.state.location.pathname).toBe('/marketplace');
  });

  it('on a phone hides the category bar and search, and offers a menu with the categories', async () => {
    setWidth(360);
    stubFetch(() => ({ body: page([]) }));
    const { router } = renderRoutes(routes, '/');
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
    expect(within(screen.getByRole('banner')).queryByRole('search')).toBeNull();
    fireEvent.click(menuButton);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'View All Gaming →' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Gaming'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
