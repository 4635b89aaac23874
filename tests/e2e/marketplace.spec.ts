import { cards, expect, test } from './fixtures';

test("marketplace search, category, sort and 'Load more'", async ({ page }) => {
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Discover Amazing Deals' })).toBeVisible();
  await expect(cards(page)).toHaveCount(24);

  // Load more appends the next page (the seed has more than 24 active listings).
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
  const titlesBefore = await cards(page).getByRole('heading').allTextContents();
  expect(new Set(titlesBefore).size, 'no card twice').toBe(titlesBefore.length);

  // Category: the select rewrites the URL and the server filters.
  await page.getByLabel('Category').selectOption('Fashion');
  await expect(page).toHaveURL('/marketplace?category=Fashion');
  await expect(cards(page).first()).toBeVisible();
  for (const card of await cards(page).all()) await expect(card.getByText('Fashion', { exact: true })).toBeVisible();

  // Sort is sent to the API and kept in the URL.
  const sorted = page.waitForResponse((r) => r.url().includes('/api/listings') && r.url().includes('sort=price-high'));
  await page.getByLabel('Sort by').selectOption('price-high');
  await expect(page).toHaveURL('/marketplace?category=Fashion&sort=price-high');
  const body = (await (await sorted).json()) as { items: { category: string }[] };
  expect(body.items.length).toBeGreaterThan(0);
  expect(body.items.every((i) => i.category === 'Fashion')).toBe(true);

  // Search keeps category and sort; a word that matches nothing gives the filtered empty state.
  const search = page.getByRole('main').getByLabel('Search listings');
  await search.fill('zzqqxxnomatch');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/marketplace?search=zzqqxxnomatch&category=Fashion&sort=price-high');
  await expect(page.getByText('No listings found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();

  // Back to everything: 'all' drops the category, an empty search drops the search.
  await page.getByLabel('Category').selectOption('all');
  await expect(page).toHaveURL('/marketplace?search=zzqqxxnomatch&sort=price-high');
  await search.fill('');
  await search.press('Enter');
  await expect(page).toHaveURL('/marketplace?sort=price-high');
  await expect(cards(page)).toHaveCount(24);
});

test('a URL category outside the dropdown list is ignored', async ({ page }) => {
  await page.goto('/marketplace?category=Spaceships');
  await expect(page.getByLabel('Category')).toHaveValue('all');
  await expect(cards(page)).toHaveCount(24);
});
