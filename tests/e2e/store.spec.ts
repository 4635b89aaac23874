import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { person } from './people';
import { becomeSeller, pngFile } from './seller';
import { signUpInBrowser } from './sign-up';

test('a visitor opens a seeded store and reads its reviews; an unknown store goes home', async ({ page }) => {
  await page.goto('/profile/TechHavenATX');
  await expect(page).toHaveURL(/\/user\/TechHavenATX$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Tech Haven', level: 1 })).toBeVisible();
  await expect(main.getByText('Verified Seller')).toBeVisible();
  await expect(main.getByRole('list', { name: 'Listings of TechHavenATX' }).getByRole('article').first()).toBeVisible();
  await expect(main.getByRole('link', { name: 'Customize Store' })).toHaveCount(0);
  // Its store is Midnight Black: every text on it, listing cards included, keeps its contrast (decision 055).
  await expect(page.locator('.store-theme-page')).toHaveAttribute('data-theme', 'dark');
  await expect(main.getByRole('list', { name: 'Featured items of TechHavenATX' }).getByRole('article')).toHaveCount(4);
  expect(await axeViolations(page, ['color-contrast'])).toEqual([]);

  await main.getByRole('tab', { name: /^Reviews/ }).click();
  const reviews = main.getByRole('list', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem')).toHaveCount(20);
  await main.getByRole('button', { name: 'Load more' }).click();
  await expect(reviews.getByRole('listitem')).not.toHaveCount(20);

  await page.goto('/user/nobody_has_this_name');
  await expect(page.getByText('User Not Found')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a seller picks the sunset theme and a banner in the portal; a visitor sees both on the store page', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const username = await signUpInBrowser(page, context, 'sto');
  await becomeSeller(page, username);
  await page.goto(`/user/${username}`);
  const main = page.getByRole('main');
  await expect(main.getByText('No active listings')).toBeVisible();
  await expect(main.getByRole('link', { name: 'List New Item' })).toHaveAttribute('href', '/sell');

  await main.getByRole('link', { name: 'Customize Store' }).click();
  await expect(page).toHaveURL(/\/seller-portal\?tab=customize$/);
  const panel = main.getByRole('tabpanel', { name: 'Customize' });
  await panel.getByLabel('Banner image file').setInputFiles(await pngFile('banner.png', '#204060'));
  await expect(page.getByText('Banner Updated')).toBeVisible();
  await expect(panel.getByRole('img', { name: 'Your banner' })).toHaveAttribute('src', /store-banners\//);
  await panel.getByLabel('Store Name').fill('Quill & Ink');
  await panel.getByLabel('Personal Bio').fill('Fountain pens, restored by hand.');
  await panel.getByLabel('Store Theme').selectOption({ label: 'Sunset Blaze' });
  // The live preview shows the theme before it is saved; the portal keeps the saved one until then.
  await expect(panel.locator('.customize-preview .store-theme')).toHaveAttribute('data-theme', 'sunset');
  await expect(page.locator('.store-theme-page')).toHaveAttribute('data-theme', 'default');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Store Saved')).toBeVisible();
  await expect(page.locator('.store-theme-page')).toHaveAttribute('data-theme', 'sunset');

  const visitor = await person(browser, baseURL!);
  await visitor.page.goto(`/user/${username}`);
  const seen = visitor.page.getByRole('main');
  await expect(seen.getByRole('heading', { name: 'Quill & Ink', level: 1 })).toBeVisible();
  await expect(seen.getByText('Fountain pens, restored by hand.')).toBeVisible();
  const themed = visitor.page.locator('.store-theme-page');
  await expect(themed).toHaveAttribute('data-theme', 'sunset');
  // Sunset Blaze's page colour, #fff0e6.
  await expect(themed).toHaveCSS('background-color', 'rgb(255, 240, 230)');
  const banner = seen.locator('.store-banner img');
  await expect(banner).toHaveAttribute('src', /store-banners\//);
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await axeViolations(visitor.page, ['color-contrast'])).toEqual([]);
  await visitor.context.close();
});
