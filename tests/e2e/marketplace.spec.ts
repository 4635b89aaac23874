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
  await page.getByLabel('Category', { exact: true }).selectOption('Fashion');
  await expect(page).toHaveURL('/marketplace?category=Fashion');
  await expect(cards(page).first()).toBeVisible();
  for (const card of await cards(page).all()) await expect(card.getByText('Fashion', { exact: true })).toBeVisible();

  // Sort (in the 'More Filters' panel) is sent to the API and kept in the URL.
  const sorted = page.waitForResponse((r) => r.url().includes('/api/listings') && r.url().includes('sort=price-high'));
  await page.getByRole('button', { name: 'More Filters' }).click();
  await page.getByLabel('Sort By').selectOption('price-high');
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
  await page.getByLabel('Category', { exact: true }).selectOption('all');
  await expect(page).toHaveURL('/marketplace?search=zzqqxxnomatch&sort=price-high');
  await search.fill('');
  await search.press('Enter');
  await expect(page).toHaveURL('/marketplace?sort=price-high');
  await expect(cards(page)).toHaveCount(24);
});

test('a URL category outside the dropdown list is ignored', async ({ page }) => {
  await page.goto('/marketplace?category=Spaceships');
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('all');
  await expect(cards(page)).toHaveCount(24);
});

test('panel filters become chips and narrow the seeded results; Back restores a removed chip', async ({ page }) => {
  await page.goto('/marketplace');
  await expect(cards(page)).toHaveCount(24);
  const toggle = page.getByRole('button', { name: 'More Filters' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Condition', { exact: true }).selectOption('like_new');
  await expect(page).toHaveURL('/marketplace?condition=like_new');
  await page.getByLabel('Listing Type', { exact: true }).selectOption('auction');
  await expect(page).toHaveURL('/marketplace?condition=like_new&listingType=auction');
  await page.getByLabel('Min price').fill('100');
  await page.getByLabel('Max price').fill('300');
  await page.getByLabel('Max price').press('Enter');
  await expect(page).toHaveURL('/marketplace?condition=like_new&listingType=auction&minPrice=100&maxPrice=300');

  const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('button');
  await expect(chips).toHaveText(['Condition: Like New×', 'Type: Auction×', 'Price: $100.00 – $300.00×']);
  // The seed has exactly two like-new auctions bid between $100 and $300.
  const results = page.getByRole('list', { name: 'Listings' });
  await expect(results.getByRole('article', { name: /^Kenwood DMX7709S/ })).toBeVisible();
  await expect(results.getByRole('article', { name: /^Milwaukee M18 FUEL/ })).toBeVisible();
  await expect(cards(results)).toHaveCount(2);
  await expect(page.getByText('2 results', { exact: true })).toBeVisible();
  for (const card of await cards(results).all()) {
    await expect(card.getByText('Like New', { exact: true })).toBeVisible();
    await expect(card.getByText('Auction', { exact: true })).toBeVisible();
  }

  // Removing the type chip widens to like-new fixed-price items in the range too.
  await page.getByRole('button', { name: 'Remove filter Type: Auction' }).click();
  await expect(page).toHaveURL('/marketplace?condition=like_new&minPrice=100&maxPrice=300');
  await expect(results.getByRole('article', { name: /^Sony WH-1000XM5/ })).toBeVisible();
  await expect(cards(results)).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'Remove filter Type: Auction' })).toHaveCount(0);

  // Back restores the chip, the panel's value and the narrower results.
  await page.goBack();
  await expect(page).toHaveURL('/marketplace?condition=like_new&listingType=auction&minPrice=100&maxPrice=300');
  await expect(page.getByRole('button', { name: 'Remove filter Type: Auction' })).toBeVisible();
  await expect(page.getByLabel('Listing Type', { exact: true })).toHaveValue('auction');
  await expect(cards(results)).toHaveCount(2);
});
