import type { Page } from '@playwright/test';
import { watchViolations } from './csp';
import { expect, test } from './fixtures';
import { api, approveWith, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/**
 * A seller made through the app: signed up with a new funded wallet on the Xaman stand-in (XRP, an RLUSD trust line and
 * RLUSD), selling turned on with a US address in the profile, and one fixed-price item with calculated shipping.
 */
async function sellerWithItem(
  page: Page,
  username: string,
  item: { title: string; priceCents: number; zip: string; quantity: number },
) {
  await saveProfile(page, username, item.zip, true);
  const { id } = await api<{ id: string }>(page, 'POST', '/api/listings', {
    title: item.title,
    description: `${item.title}, listed by the checkout journey.`,
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents: item.priceCents,
    quantity: item.quantity,
    shippingType: 'calculated',
    weightLbs: 2,
    location: { zipCode: item.zip, city: 'Austin', state: 'TX' },
  });
  return id;
}

test('a new buyer puts items of two sellers in the cart, checks out with calculated shipping, approves two escrows on the Xaman stand-in, lands on /activity and sees both purchases pending, and finds the sold-out item marked Sold', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const [first, second, shopper] = await Promise.all([
    person(browser, baseURL!),
    person(browser, baseURL!),
    person(browser, baseURL!),
  ]);
  const violations = await watchViolations(shopper.page);
  const [sellerA, sellerB] = await Promise.all([
    signUpInBrowser(first.page, first.context, 'csa'),
    signUpInBrowser(second.page, second.context, 'csb'),
    signUpInBrowser(shopper.page, shopper.context, 'cbu'),
  ]);
  const lamp = `Journey Lamp ${stamp}`;
  const clock = `Journey Clock ${stamp}`;
  const [lampId, clockId] = await Promise.all([
    sellerWithItem(first.page, sellerA, { title: lamp, priceCents: 2_500, zip: '78701', quantity: 2 }),
    sellerWithItem(second.page, sellerB, { title: clock, priceCents: 4_000, zip: '73301', quantity: 1 }),
  ]);

  // The buyer completes the profile with a shipping address in /settings.
  const page = shopper.page;
  const main = page.getByRole('main');
  await page.goto('/settings');
  await main.getByLabel(/^Full Name/).fill('Journey Buyer');
  await main.getByLabel(/^Email/).fill(`buyer-${stamp}@example.com`);
  await main.getByLabel(/^Phone/).fill('+1 555 0100');
  await main.getByLabel(/^Country/).selectOption('US');
  await main.getByLabel(/^Street Address/).fill('1 Market St');
  await main.getByLabel(/^City/).fill('San Francisco');
  await main.getByLabel(/^State/).fill('CA');
  await main.getByLabel(/^ZIP Code/).fill('94105');
  await main.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();

  // Both items into the cart from their pages; the header badge counts them.
  for (const [id, title] of [
    [lampId, lamp],
    [clockId, clock],
  ] as const) {
    await page.goto(`/item/${id}`);
    await expect(main.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await main.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`${title} has been added to your cart.`)).toBeVisible();
  }
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // /cart shows both lines with their sellers; on to checkout.
  await header.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = main.getByRole('list', { name: 'Items in your cart' });
  await expect(lines.getByRole('article')).toHaveCount(2);
  await expect(lines.getByRole('article', { name: lamp }).getByText(sellerA)).toBeVisible();
  await expect(lines.getByRole('article', { name: clock }).getByText(sellerB)).toBeVisible();
  await main.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Calculated shipping: a service must be chosen before the escrow can be created.
  const create = main.getByRole('button', { name: 'Create Escrow & Checkout' });
  await expect(main.getByText('Please select a shipping service to continue')).toBeVisible();
  await expect(create).toBeDisabled();
  await expect(main.getByText('San Francisco', { exact: false })).toBeVisible();
  const services = main.getByRole('group', { name: 'Choose a shipping service' });
  await services.getByRole('radio').first().check();
  await expect(create).toBeEnabled();
  await create.click();

  // One escrow per seller, each approved on the Xaman stand-in with the buyer's wallet.
  const wallet = await page.evaluate(() => localStorage.getItem('wallet_address'));
  const dialog = page.getByRole('dialog', { name: 'Approve the Escrow in Xaman' });
  const xaman = await shopper.context.newPage();
  for (const n of [1, 2]) {
    await expect(dialog.getByText(`Escrow ${n} of 2`)).toBeVisible({ timeout: 20_000 });
    const signUrl = await dialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
    await approveWith(xaman, signUrl!, wallet!);
    if (n === 1) await expect(dialog.getByText('Escrow 2 of 2')).toBeVisible({ timeout: 20_000 });
  }
  await xaman.close();

  // Both funded: success, /activity, and both purchases with their escrows pending.
  await expect(page.getByText('Checkout Successful')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Created 2 escrow transaction(s).', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/activity$/);
  const purchases = main.getByRole('list', { name: 'Your purchases' });
  for (const [title, seller] of [
    [lamp, sellerA],
    [clock, sellerB],
  ] as const) {
    const card = purchases.getByRole('article', { name: `Purchase: ${title}` });
    await expect(card.getByText('Escrow pending')).toBeVisible();
    await expect(card.getByText(seller)).toBeVisible();
    // The order names its EscrowCreate's page on the network's explorer.
    await expect(card.getByRole('link', { name: /opens the ledger explorer/ })).toHaveAttribute(
      'href',
      /\/transactions\/[0-9A-F]{64}$/,
    );
  }
  await expect(main.getByRole('tab', { name: 'Purchases (2)' })).toHaveAttribute('aria-selected', 'true');
  // Paid lines left the cart.
  await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // The item page (the lamp has a unit left, so it is still for sale) shows the buyer the escrow's waiting message.
  await page.goto(`/item/${lampId}`);
  await expect(main.getByText('Waiting for seller to ship item and provide tracking')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

  // The clock's only unit is sold: its page stays, marked Sold, with nothing to buy or save, and the buyer's escrow.
  await page.goto(`/item/${clockId}`);
  await expect(main.getByRole('heading', { name: clock, level: 1 })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Sold' })).toBeVisible();
  await expect(main.getByText('Waiting for seller to ship item and provide tracking')).toBeVisible();
  await expect(main.getByRole('button', { name: /Buy Now|Add to Cart|wishlist/ })).toHaveCount(0);

  expect(violations).toEqual([]);
  // The lamp's last unit stays out of browse for the other journeys (they look at the newest cards' photos).
  await api(first.page, 'POST', `/api/listings/${lampId}/end`, {});
  await Promise.all([first.context.close(), second.context.close(), shopper.context.close()]);
});
