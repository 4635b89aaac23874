import { expect, test } from './fixtures';
import { api, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/** A signed-in buyer keeps a listing on the wishlist: heart on /marketplace, header count, /wishlist, remove. */
test('a signed-in user saves a listing to the wishlist, sees it counted and listed, and removes it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, context, 'wish');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();

  await page.goto('/marketplace');
  const card = page.getByRole('list', { name: 'Listings' }).getByRole('article').first();
  const title = await card.getAttribute('aria-label');
  await card.getByRole('button', { name: `Add to wishlist: ${title}` }).click();
  await expect(page.getByText('Added to Wishlist')).toBeVisible();
  await expect(card.getByRole('button', { name: `Remove from wishlist: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await header.getByRole('link', { name: 'Wishlist, 1 item' }).click();

  await expect(page).toHaveURL(/\/wishlist$/);
  const saved = page.getByRole('list', { name: 'Saved listings' });
  await expect(saved.getByRole('article', { name: title! })).toBeVisible();
  await expect(page.getByText('Items Saved').locator('..')).toContainText('1');
  await saved.getByRole('button', { name: `Remove from wishlist: ${title}` }).click();
  await expect(page.getByText('Removed from Wishlist')).toBeVisible();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
});

/**
 * The tiles and the Cart button against the real server: a seller's fixed-price lamp and an auction ending in 6 hours,
 * saved from their item pages; the tiles count the auction as ending soon; Cart asks for the profile first, then puts
 * the lamp in the account's cart.
 */
test("the wishlist's tiles count a saved auction ending within 24 hours, and Cart adds a saved item to the cart", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [seller, buyer] = await Promise.all([person(browser, baseURL!), person(browser, baseURL!)]);
  const [sellerName, buyerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, 'wse'),
    signUpInBrowser(buyer.page, buyer.context, 'wbu'),
  ]);
  await saveProfile(seller.page, sellerName, '78701', true);
  const stamp = Date.now().toString(36);
  const lamp = `Wish Lamp ${stamp}`;
  const clock = `Wish Clock ${stamp}`;
  const common = {
    description: 'Listed by the wishlist journey.',
    category: 'Home & Garden',
    condition: 'good',
    quantity: 1,
    shippingType: 'free',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  };
  const { id: lampId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    ...common,
    title: lamp,
    listingType: 'fixed',
    priceCents: 2_500,
  });
  const { id: clockId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    ...common,
    title: clock,
    listingType: 'auction',
    startingBidCents: 1_000,
    endsAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
  });
  await seller.context.close();

  const page = buyer.page;
  const header = page.getByRole('banner');
  for (const [id, title, count] of [
    [clockId, clock, '1 item'],
    [lampId, lamp, '2 items'],
  ] as const) {
    await page.goto(`/item/${id}`);
    await page.getByRole('button', { name: `Add to wishlist: ${title}` }).click();
    await expect(header.getByRole('link', { name: `Wishlist, ${count}` })).toBeVisible();
  }
  await header.getByRole('link', { name: 'Wishlist, 2 items' }).click();

  const main = page.getByRole('main');
  await expect(main.getByRole('definition')).toHaveText(['2', '1', '1']);
  const clockCard = main.getByRole('article', { name: clock });
  await expect(clockCard.getByText('Auction', { exact: true })).toBeVisible();
  await expect(clockCard.getByText(/^[56]h \d+m left$/)).toBeVisible();
  // An auction without a buy-it-now price cannot go into the cart.
  await expect(clockCard.getByRole('button', { name: /cart/i })).toHaveCount(0);

  const lampCard = main.getByRole('article', { name: lamp });
  await expect(lampCard.getByText('Buy Now', { exact: true })).toBeVisible();
  await lampCard.getByRole('button', { name: `Complete Profile First: ${lamp}` }).click();
  await expect(page.getByText('Complete Your Profile', { exact: true })).toBeVisible();

  await saveProfile(page, buyerName, '78701', false);
  await page.reload();
  await main
    .getByRole('article', { name: lamp })
    .getByRole('button', { name: `Add to cart: ${lamp}` })
    .click();
  await expect(page.getByText(`${lamp} has been added to your cart.`)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.goto('/cart');
  await expect(main.getByRole('article', { name: lamp })).toBeVisible();
});
