import { expect, test } from './fixtures';
import { api, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * Store followers (decision 058): a signed-in visitor follows a store, its seller lists an item, and the follower's
 * bell rises without a reload (the events queue fans the listing out to followers); the notification opens the item.
 */
test('following a store brings a live notification of its next listing', async ({
  browser,
  baseURL,
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const seller = await person(browser, baseURL!);
  const sellerName = await signUpInBrowser(seller.page, seller.context, 'fols');
  await saveProfile(seller.page, sellerName, '78701', true);

  await signUpInBrowser(page, context, 'folv');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  await page.goto(`/user/${sellerName}`);
  const main = page.getByRole('main');
  await expect(main.getByText('0 followers')).toBeVisible();
  await main.getByRole('button', { name: 'Follow', pressed: false }).click();
  await expect(main.getByRole('button', { name: 'Following', pressed: true })).toBeVisible();
  await expect(main.getByText('1 follower', { exact: true })).toBeVisible();

  const title = `Followed Lamp ${Date.now().toString(36)}`;
  const { id: listingId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: 'A brass lamp for the followers.',
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 2_500,
    shippingType: 'free',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });
  await seller.context.close();

  // No reload: the push on the follower's topic moves the badge.
  const bell = header.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  await bell.click();
  const notice = page.getByRole('menu').getByRole('menuitem', { name: /New Listing/ });
  await expect(notice).toContainText(`${sellerName} listed "${title}".`);
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/item/${listingId}$`));
});
