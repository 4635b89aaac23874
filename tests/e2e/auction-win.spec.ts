import { expect, test } from './fixtures';
import { api, approveWith, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * Issue 15 item 7 in the browser: an auction ends (the close schedule, run on demand as its timer would each minute),
 * its winner finds it in the cart under the won items, pays with Pay, approves the escrow on the Xaman stand-in and
 * sees the purchase pending in My Activity; the item page shows it Sold.
 */
test('the winner of an auction pays for it from the cart through the escrow checkout', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const [seller, winner] = await Promise.all([person(browser, baseURL!), person(browser, baseURL!)]);
  const [sellerName, winnerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, 'aws'),
    signUpInBrowser(winner.page, winner.context, 'awb'),
  ]);
  await Promise.all([
    saveProfile(seller.page, sellerName, '78701', true),
    saveProfile(winner.page, winnerName, '78702', false),
  ]);
  const title = `Auction Lamp ${stamp}`;
  const endsAt = new Date(Math.ceil((Date.now() + 6 * 60_000) / 1000) * 1000);
  const { id } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: 'A lamp sold by auction in the browser test.',
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'auction',
    startingBidCents: 1_000,
    endsAt: endsAt.toISOString(),
    shippingType: 'flat',
    shippingCostCents: 500,
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });
  await api(winner.page, 'POST', `/api/listings/${id}/bids`, { amountCents: 2_000 });
  const run = await winner.page.request.post('/_local/schedules/close-auctions', {
    data: { at: new Date(endsAt.getTime() + 1_000).toISOString() },
  });
  expect(run.status()).toBe(200);

  const page = winner.page;
  const main = page.getByRole('main');
  await page.goto('/cart');
  const won = main.getByRole('region', { name: 'Won Items Awaiting Payment (1)' });
  await expect(won.getByRole('article', { name: `Won: ${title}` })).toContainText('$10.00');
  await won.getByRole('link', { name: `Pay for ${title}` }).click();
  await expect(page).toHaveURL(/\/pay\/\w+$/);
  const summary = main.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toContainText('$15.00');
  await main.getByRole('button', { name: 'Pay into Escrow' }).click();

  const dialog = page.getByRole('dialog', { name: 'Approve the Escrow in Xaman' });
  const signUrl = await dialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
  const wallet = await page.evaluate(() => localStorage.getItem('wallet_address'));
  const xaman = await winner.context.newPage();
  await approveWith(xaman, signUrl!, wallet!);
  await xaman.close();

  await expect(page.getByText('Checkout Successful')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/activity$/);
  const purchase = main
    .getByRole('list', { name: 'Your purchases' })
    .getByRole('article', { name: `Purchase: ${title}` });
  await expect(purchase.getByText('Escrow pending')).toBeVisible();
  await expect(purchase).toContainText('$15.00 RLUSD');

  await page.goto('/cart');
  await expect(main.getByRole('region', { name: /Won Items/ })).toBeHidden();
  await page.goto(`/item/${id}`);
  await expect(main.getByRole('region', { name: 'Sold' })).toBeVisible();
  await Promise.all([seller.context.close(), winner.context.close()]);
});
