import { cards, expect, test } from './fixtures';

test('a header category menu works from the keyboard and filters the marketplace', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Categories', exact: true });
  const trigger = bar.getByRole('button', { name: 'Electronics' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Electronics' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(7);
  // Radix moves focus into the menu; End reaches 'View All Electronics →'.
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'View All Electronics →' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/marketplace?category=Electronics');
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Electronics');
  await expect(cards(page).first()).toBeVisible();
  for (const card of await cards(page).all()) {
    await expect(card.getByText('Electronics', { exact: true })).toBeVisible();
  }

  // ArrowDown opens a menu too, with the first subcategory focused.
  await bar.getByRole('button', { name: 'Fashion' }).focus();
  await page.keyboard.press('ArrowDown');
  const fashion = page.getByRole('menu', { name: 'Fashion' });
  await expect(fashion.getByRole('menuitem', { name: "Men's Clothing", exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(fashion).toBeHidden();
  await expect(bar.getByRole('button', { name: 'Fashion' })).toBeFocused();
});

test("the 'More' menu holds the categories that do not fit", async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Categories', exact: true });
  await expect(bar.getByRole('button')).toHaveText(['Electronics', 'Automotive', 'Fashion', 'More']);
  await page.setViewportSize({ width: 1600, height: 800 });
  await expect(bar.getByRole('button')).toHaveCount(7);
  await bar.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Collectibles' }).click();
  await expect(page).toHaveURL('/marketplace?category=Collectibles');
});

test("an unknown path shows 'Oops! Page not found' and Return to Home goes home", async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200); // SPA fallback; the app decides it is unknown
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Hot Auctions' })).toBeVisible();
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/marketplace');
  // The app renders the link: a Tab pressed before it exists lands elsewhere (as it would for a person, too).
  await expect(cards(page).first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
