import { cards, expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('a phone-width viewport shows the mobile layout', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Categories', exact: true })).toHaveCount(0);
  await expect(header.getByRole('search')).toHaveCount(0);
  await expect(cards(page).first()).toBeVisible();

  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // One card per row.
  const columns = await page
    .locator('.listing-grid')
    .first()
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(1);

  await header.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByText('Gaming', { exact: true }).click();
  await menu.getByRole('link', { name: 'View All Gaming →' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL('/marketplace?category=Gaming');
  await expect(cards(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
