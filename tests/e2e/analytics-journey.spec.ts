import { expect, test } from './fixtures';
import { api, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * Analytics (decision 056): another user's view of an item reaches its seller's Analytics once the events consumer has
 * counted it; the seller's own view of it does not. The seller reads the tab, and every other tab of the portal, on
 * a 360 px wide phone.
 */
test("another user's view of an item shows in its seller's Analytics, the seller's own does not", async ({
  browser,
  baseURL,
  page: viewer,
  context,
}) => {
  test.setTimeout(120_000);
  const seller = await person(browser, baseURL!, 360);
  try {
    const sellerName = await signUpInBrowser(seller.page, seller.context, 'anl');
    await saveProfile(seller.page, sellerName, '78701', true);
    const { id } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
      title: 'Analytics Journey Lamp',
      description: 'A lamp whose views are counted.',
      category: 'Home & Garden',
      condition: 'good',
      listingType: 'fixed',
      priceCents: 4_500,
      shippingType: 'free',
      location: { zipCode: '78701', city: 'Austin', state: 'TX' },
    });

    // The seller looks at their own item first: answered alike, not counted.
    const own = seller.page.waitForResponse((r) => r.url().endsWith(`/api/listings/${id}/views`));
    await seller.page.goto(`/item/${id}`);
    expect((await own).status()).toBe(202);
    await expect(seller.page.getByRole('heading', { name: 'Analytics Journey Lamp', level: 1 })).toBeVisible();

    await signUpInBrowser(viewer, context, 'anlv');
    const beacon = viewer.waitForResponse((r) => r.url().endsWith(`/api/listings/${id}/views`));
    await viewer.goto(`/item/${id}`);
    await expect(viewer.getByRole('heading', { name: 'Analytics Journey Lamp', level: 1 })).toBeVisible();
    expect((await beacon).status()).toBe(202);

    await seller.page.goto('/seller-portal?tab=analytics');
    const tab = seller.page.getByRole('tabpanel', { name: 'Analytics' });
    const views = tab.locator('.analytics-card').filter({ hasText: /^Views/ });
    // The events consumer counts the view in its next batch: read the tab again until it is in.
    await expect
      .poll(
        async () => {
          await seller.page.reload();
          return (await views.locator('dd').first().textContent({ timeout: 10_000 })) ?? '';
        },
        { timeout: 30_000, intervals: [500, 1_000] },
      )
      .toBe('1');
    await expect(
      tab
        .locator('.analytics-card')
        .filter({ hasText: /^Unique viewers/ })
        .locator('dd')
        .first(),
    ).toHaveText('1');
    await expect(
      tab
        .locator('.analytics-card')
        .filter({ hasText: /^Active listings/ })
        .locator('dd')
        .first(),
    ).toHaveText('1');
    const mostViewed = tab.getByRole('list', { name: 'Most viewed' });
    await expect(mostViewed.getByRole('link', { name: 'Analytics Journey Lamp' })).toBeVisible();
    await expect(mostViewed.getByText('1 view', { exact: true })).toBeVisible();
    // The chart is drawn (loaded with the tab), its table there for screen readers.
    await expect(tab.locator('.analytics-chart canvas').first()).toBeVisible();
    await expect(tab.getByRole('table', { name: /Daily figures of the last 30 days/ })).toBeAttached();
    // Nothing sticks out of a 360 px phone.
    expect(await seller.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await tab.getByText('7 days', { exact: true }).click();
    await expect(tab.getByRole('table', { name: /Daily figures of the last 7 days/ })).toBeAttached();
    await expect(views.locator('dd').first()).toHaveText('1');

    // Every tab of the portal fits the phone too, each past its loading state.
    const ready: Record<string, RegExp> = {
      Customize: /Save Changes/,
      'My Listings': /Analytics Journey Lamp/,
      Returns: /No return requests found\./,
      Preview: /Analytics Journey Lamp/,
      Settings: /Save Settings/,
      Orders: /No sales yet/,
    };
    for (const [name, text] of Object.entries(ready)) {
      await seller.page.getByRole('tab', { name }).click();
      await expect(seller.page.getByRole('tabpanel', { name })).toContainText(text);
      expect(await seller.page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
    }
  } finally {
    await seller.context.close();
  }
});
