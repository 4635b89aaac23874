import { expect, test } from './fixtures';
import { becomeSeller, pngFile } from './seller';
import { signUpInBrowser } from './sign-up';

test('a visitor opens a seeded store and reads its reviews; an unknown store goes home', async ({ page }) => {
  await page.goto('/profile/TechHavenATX');
  await expect(page).toHaveURL(/\/user\/TechHavenATX$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Tech Haven', level: 1 })).toBeVisible();
  await expect(main.getByText('Verified Seller')).toBeVisible();
  await expect(main.getByRole('list', { name: 'Listings of TechHavenATX' }).getByRole('article').first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Customize Store' })).toHaveCount(0);

  await main.getByRole('tab', { name: /^Reviews/ }).click();
  const reviews = main.getByRole('list', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem')).toHaveCount(20);
  await main.getByRole('button', { name: 'Load more' }).click();
  await expect(reviews.getByRole('listitem')).not.toHaveCount(20);

  await page.goto('/user/nobody_has_this_name');
  await expect(page.getByText('User Not Found')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a seller customizes their store with a banner and sees it on the store page', async ({ page, context }) => {
  test.setTimeout(120_000);
  const username = await signUpInBrowser(page, context, 'sto');
  await becomeSeller(page, username);
  await page.goto(`/user/${username}`);
  const main = page.getByRole('main');
  await expect(main.getByText('No active listings')).toBeVisible();
  await expect(main.getByRole('link', { name: 'List New Item' })).toHaveAttribute('href', '/sell');

  await main.getByRole('button', { name: 'Customize Store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customize Store' });
  await dialog.getByLabel('Store Name').fill('Quill & Ink');
  await dialog.getByLabel('Personal Bio').fill('Fountain pens, restored by hand.');
  await dialog.getByLabel('Banner image').setInputFiles(await pngFile('banner.png', '#204060'));
  await expect(dialog.getByRole('img', { name: 'Banner preview' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Store Updated')).toBeVisible();

  await page.reload();
  await expect(main.getByRole('heading', { name: 'Quill & Ink', level: 1 })).toBeVisible();
  await expect(main.getByText('Fountain pens, restored by hand.')).toBeVisible();
  const banner = main.locator('.store-banner img');
  await expect(banner).toHaveAttribute('src', /store-banners\//);
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
