import { expect, test } from './fixtures';
import { signUpInBrowser } from './sign-up';

/**
 * The journey: a signed-in user saves an auction that ends within 24 hours, the schedule runs (the local
 * runtime's on-demand hook, as its timer would every 15 minutes), the bell's badge rises without a reload, and the
 * notification opens the item.
 */
test('saving an auction that ends within a day brings a live notification that opens the item', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, context, 'bell');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();

  await page.goto('/marketplace?sort=ending-soon');
  const card = page.getByRole('list', { name: 'Listings' }).getByRole('article').first();
  const title = (await card.getAttribute('aria-label'))!;
  const href = (await card.getByRole('link').first().getAttribute('href'))!;
  const listingId = /\/item\/(\w+)/.exec(href)![1]!;
  const detail = await page.request.get(`/api/listings/${listingId}`);
  const endsAt = ((await detail.json()) as { endsAt: string | null }).endsAt;
  expect(Date.parse(endsAt!) - Date.now()).toBeLessThan(24 * 3_600_000);
  await card.getByRole('button', { name: `Add to wishlist: ${title}` }).click();
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
