import { cards, expect, section, test } from './fixtures';

test('home shows seeded listings in Hot Auctions, Newest Listings, Electronics and Fashion', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Powered by XRPL')).toBeVisible();
  for (const name of ['Hot Auctions', 'Newest Listings', 'Electronics', 'Fashion']) {
    const s = section(page, name);
    await expect(cards(s).first(), `${name} shows listings`).toBeVisible();
    expect(await cards(s).count(), `${name} shows at most 4`).toBeLessThanOrEqual(4);
  }
  await expect(cards(section(page, 'Hot Auctions'))).toHaveCount(4);
  // Category rows show only their category (the badge on each card).
  for (const name of ['Electronics', 'Fashion']) {
    for (const card of await cards(section(page, name)).all()) {
      await expect(card.getByText(name, { exact: true })).toBeVisible();
    }
  }
  // Images are real files served from the media origin.
  const img = page.locator('article img').first();
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
});

test('hero search goes to the marketplace with matching results', async ({ page, request }) => {
  const res = await request.get('/api/listings?limit=1');
  expect(res.ok()).toBe(true);
  const [first] = ((await res.json()) as { items: { title: string }[] }).items;
  expect(first, 'the seed has listings').toBeDefined();
  // The title's longest word is specific enough to find this listing again.
  const word = first!.title
    .split(/[^\p{L}\p{N}]+/u)
    .sort((a, b) => b.length - a.length)[0]!
    .toLowerCase();

  await page.goto('/');
  const hero = page.getByRole('search').filter({ has: page.getByLabel('Search the marketplace') });
  await hero.getByLabel('Search the marketplace').fill(`  ${word}  `);
  await hero.getByLabel('Search the marketplace').press('Enter');
  await expect(page).toHaveURL(`/marketplace?search=${encodeURIComponent(word)}`);
  await expect(page.getByRole('heading', { name: 'Discover Amazing Deals' })).toBeVisible();
  await expect(page.getByLabel('Search listings').last()).toHaveValue(word);
  await expect(cards(page).getByRole('heading', { name: first!.title, exact: true })).toBeVisible();
});

test('an empty hero search goes to plain /marketplace', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL('/marketplace');
  await expect(cards(page).first()).toBeVisible();
});
