import { expect, test } from './fixtures';
import { bid, bidPanel, subscribedTo } from './bid-panel';
import { api, approveEscrowAndFinish, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * The live auction journey (decisions 029 and 030): two people in two windows bid on one auction and each sees the
 * other's bid arrive live with 'New Bid Placed' (the proxy answering at once, the leader line flipping); the auction
 * ends (the close schedule, run on demand as its timer would each minute) and both pages show it sold; the winner finds
 * it in the cart under the won items, pays with Pay, approves the escrow on the Xaman stand-in and sees the purchase
 * pending in My Activity.
 */
test('two bidders in two windows see each other bid live; the auction ends and the winner pays through escrow', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const [seller, winner, rival] = await Promise.all([
    person(browser, baseURL!),
    person(browser, baseURL!),
    person(browser, baseURL!, 390),
  ]);
  const [sellerName, winnerName, rivalName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, 'aws'),
    signUpInBrowser(winner.page, winner.context, 'awb'),
    signUpInBrowser(rival.page, rival.context, 'awr'),
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

  // Both open the item; the rival (on a phone-sized window) bids first, a $15.00 maximum: the price is the start.
  // Each page is live (subscribed to the listing's topic) before the first bid, as a person's would be by then.
  const live = [winner.page, rival.page].map((p) => subscribedTo(p, `listing:${id}`));
  await Promise.all([winner.page.goto(`/item/${id}`), rival.page.goto(`/item/${id}`)]);
  await Promise.all(live);
  const mine = bidPanel(winner.page);
  const theirs = bidPanel(rival.page);
  await bid(rival.page, theirs.field, theirs.button(), '15');
  await expect(theirs.panel.getByRole('status')).toHaveText("You're the highest bidder");
  // The other window learns it at once, without a reload.
  await expect(winner.page.getByText('New Bid Placed')).toBeVisible();
  await expect(winner.page.getByText('Someone bid $10.00')).toBeVisible();
  await expect(mine.history.getByRole('listitem')).toHaveCount(1);

  // The winner's $20.00 maximum takes the lead at $15.01; the rival sees it live and is told they were outbid.
  await bid(winner.page, mine.field, mine.button(), '20');
  await expect(mine.panel.getByRole('status')).toHaveText("You're the highest bidder");
  await expect(rival.page.getByText('Someone bid $15.01')).toBeVisible();
  await expect(theirs.panel.getByRole('status')).toHaveText("You've been outbid");
  // The rival tries $18.00: the winner's proxy answers at once, the price rises to $18.01 on both pages.
  await bid(rival.page, theirs.field, theirs.button(), '18');
  await expect(theirs.panel.getByRole('status')).toHaveText("You've been outbid");
  await expect(winner.page.getByText('Someone bid $18.00')).toBeVisible();
  for (const side of [mine, theirs]) {
    await expect(side.price.getByText('$18.01')).toBeVisible();
    await expect(side.history.getByRole('listitem')).toHaveCount(3);
    await expect(side.history.getByRole('listitem').first()).toHaveText(`${winnerName}$18.01Just now`);
    await expect(side.history.getByRole('listitem').nth(1)).toHaveText(`${rivalName}$18.00Just now`);
  }

  const run = await winner.page.request.post('/_local/schedules/close-auctions', {
    data: { at: new Date(endsAt.getTime() + 1_000).toISOString() },
  });
  expect(run.status()).toBe(200);
  // Both open pages show the end as it happens: sold, no bidding any more.
  for (const p of [winner.page, rival.page]) {
    await expect(p.getByRole('main').getByRole('region', { name: 'Sold' })).toBeVisible();
    await expect(p.getByRole('region', { name: 'Place a Bid' })).toBeHidden();
  }
  await rival.context.close();

  const page = winner.page;
  const main = page.getByRole('main');
  await page.goto('/cart');
  const won = main.getByRole('region', { name: 'Won Items Awaiting Payment (1)' });
  await expect(won.getByRole('article', { name: `Won: ${title}` })).toContainText('$18.01');
  await won.getByRole('link', { name: `Pay for ${title}` }).click();
  await expect(page).toHaveURL(/\/pay\/\w+$/);
  const summary = main.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toContainText('$23.01');
  await main.getByRole('button', { name: 'Pay into Escrow' }).click();

  const purchase = await approveEscrowAndFinish(page, winner.context, title);
  await expect(purchase.getByText('Escrow pending')).toBeVisible();
  await expect(purchase).toContainText('$23.01 RLUSD');

  await page.goto('/cart');
  await expect(main.getByRole('region', { name: /Won Items/ })).toBeHidden();
  await page.goto(`/item/${id}`);
  await expect(main.getByRole('region', { name: 'Sold' })).toBeVisible();
  await Promise.all([seller.context.close(), winner.context.close()]);
});
