import { expect, test } from './fixtures';
import { api, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * The notifications journey: a signed-in user saves an auction that ends within the hour, the schedule runs (the local
 * runtime's on-demand hook, as its timer would every 5 minutes), the bell's badge rises without a reload, and the
 * notification opens the item.
 */
test('saving an auction that ends within the hour brings a live notification that opens the item', async ({
  browser,
  baseURL,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const seller = await person(browser, baseURL!);
  const sellerName = await signUpInBrowser(seller.page, seller.context, 'bels');
  await saveProfile(seller.page, sellerName, '78701', true);
  const title = `Ending Lamp ${Date.now().toString(36)}`;
  const { id: listingId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: 'An auction that ends within the hour.',
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'auction',
    startingBidCents: 1_000,
    endsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    shippingType: 'free',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });
  await seller.context.close();

  await signUpInBrowser(page, context, 'bell');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await page.goto(`/item/${listingId}`);
  await page
    .getByRole('main')
    .getByRole('button', { name: `Add to wishlist: ${title}` })
    .click();
  await expect(page.getByText('Added to Wishlist')).toBeVisible();

  const run = await page.request.post('/_local/schedules/auction-ending-notices', { data: {} });
  expect(run.status()).toBe(200);

  // No reload: the push on the user's topic moves the badge.
  const bell = header.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  await expect(bell).toContainText('1');
  await bell.click();
  const menu = page.getByRole('menu');
  const notice = menu.getByRole('menuitem', { name: /Auction Ending Soon/ });
  await expect(notice).toContainText(title);
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/item/${listingId}$`));
  await expect(menu).toBeHidden();
  await expect(header.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
});
