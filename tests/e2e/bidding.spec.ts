import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bid, bidPanel } from './bid-panel';
import { api, person } from './people';
import { signUpInBrowser } from './sign-up';

/** Selling turned on, and an auction starting at $10.00 that ends in two days. */
async function auctionOf(page: Page, username: string, title: string): Promise<string> {
  await api(page, 'PUT', '/api/me/profile', {
    fullName: `Seller ${username}`,
    email: `${username}@example.com`,
    phone: '+1 512 555 0142',
    address: { country: 'US', street: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller: true,
  });
  const { id } = await api<{ id: string }>(page, 'POST', '/api/listings', {
    title,
    description: `${title}, listed by the bidding journey.`,
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'auction',
    startingBidCents: 1_000,
    endsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    quantity: 1,
    shippingType: 'free',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });
  return id;
}

test("a bidder bids on /item/{id} on a desktop and on a phone: the panel's texts, a refusal, and My Activity's Bids tab", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [seller, bidder] = await Promise.all([person(browser, baseURL!), person(browser, baseURL!)]);
  const [sellerName, bidderName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, 'bse'),
    signUpInBrowser(bidder.page, bidder.context, 'bbi'),
  ]);
  const title = `Bidding Lantern ${Date.now().toString(36)}`;
  const id = await auctionOf(seller.page, sellerName, title);

  // The seller can't bid on their own item.
  await seller.page.goto(`/item/${id}`);
  const own = bidPanel(seller.page);
  await expect(own.panel.getByText('Cannot Bid on Own Item')).toBeVisible();
  await expect(own.button()).toBeDisabled();
  await seller.context.close();

  // Desktop: the balance card, the current bid (the starting bid), an empty history, the hints.
  const page = bidder.page;
  await page.goto(`/item/${id}`);
  const desk = bidPanel(page);
  const balance = desk.panel.getByRole('group', { name: 'Your Balance' });
  await expect(balance.getByText('Available for bidding')).toBeVisible();
  await expect(balance.getByText(/^\$[\d,]+\.\d\d RLUSD$/)).toBeVisible();
  await expect(desk.price.getByText('$10.00')).toBeVisible();
  await expect(desk.main.getByText('No bids yet. Be the first to bid.')).toBeVisible();
  await expect(desk.button()).toBeDisabled();
  await desk.field.fill('10');
  await expect(desk.button('Place Bid (Too Low)')).toBeDisabled();
  await desk.field.fill('999999');
  await expect(desk.button('Place Bid (Low Balance)')).toBeDisabled();
  await expect(desk.panel.getByText(/You need \$999,999\.00 but only have \$[\d,]+\.\d\d available\.$/)).toBeVisible();

  // A bid: the success toast, the leader line, the history line (the price it leads at, never the maximum).
  await bid(page, desk.field, desk.button(), '20');
  await expect(page.getByText('Bid Placed Successfully')).toBeVisible();
  await expect(desk.panel.getByRole('status')).toHaveText("You're the highest bidder");
  await expect(desk.history.getByRole('listitem')).toHaveCount(1);
  await expect(desk.history.getByRole('listitem').first()).toHaveText(`${bidderName}$10.00Just now`);
  await expect(desk.price.getByText('Bids').locator('xpath=..')).toHaveText('Bids1');

  // The server refuses the same maximum again, with its text.
  await desk.field.fill('20');
  await desk.button().click();
  await expect(page.getByText('Your maximum bid is already $20.00. Enter a higher amount to raise it.')).toBeVisible();

  // A phone, signed in as the same bidder: the page fits, still leading; a raise.
  const phone = await browser.newContext({
    baseURL,
    storageState: await bidder.context.storageState(),
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await bidder.context.close();
  const small = await phone.newPage();
  await small.goto(`/item/${id}`);
  const mobile = bidPanel(small);
  await expect(mobile.panel.getByRole('status')).toHaveText("You're the highest bidder");
  await expect(mobile.history.getByRole('listitem')).toHaveCount(1);
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await bid(small, mobile.field, mobile.button(), '30');
  await expect(mobile.history.getByRole('listitem')).toHaveCount(2);

  // My Activity's Bids tab: one row for the auction, with the bidder's own maximum, linking to it.
  await small.goto('/activity?tab=bids');
  const activity = small.getByRole('main');
  await expect(activity.getByRole('tab', { name: 'Bids (1)' })).toHaveAttribute('aria-selected', 'true');
  const row = activity.getByRole('article', { name: `Bid: ${title}` });
  await expect(row.getByText('pending')).toBeVisible();
  await expect(row.getByText('Winning')).toBeVisible();
  await expect(row.getByText('Your maximum:').locator('xpath=..')).toHaveText('Your maximum:$30.00');
  await row.getByRole('link', { name: title }).click();
  await expect(small).toHaveURL(new RegExp(`/item/${id}$`));
  await phone.close();
});
