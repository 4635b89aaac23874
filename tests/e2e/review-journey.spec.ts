import type { Page } from '@playwright/test';
import type { Order } from '../../shared/api/orders';
import { watchViolations } from './csp';
import { expect, test } from './fixtures';
import { api, approveEscrowAndFinish, approveWith, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

/** The seller releases a funded pickup with the buyer's code through the API (the pickup journey does it in the UI). */
async function approvePickup(seller: Page, orderId: string, code: string): Promise<void> {
  const fee = await api<{ status: string; signUrl?: string }>(
    seller,
    'POST',
    `/api/orders/${orderId}/platform-fee`,
    {},
  );
  if (fee.status === 'signing') {
    const xaman = await seller.context().newPage();
    const wallet = await seller.evaluate(() => localStorage.getItem('wallet_address'));
    await approveWith(xaman, fee.signUrl!, wallet!, 'Payment');
    await xaman.close();
    await expect
      .poll(async () => (await api<Order>(seller, 'GET', `/api/orders/${orderId}`)).platformFee?.paid, {
        timeout: 30_000,
      })
      .toBe(true);
  }
  await api(seller, 'POST', `/api/orders/${orderId}/pickup`, { decision: 'approve', pickupCode: code });
}

test('a pickup order is approved, the buyer leaves a 5-star review, the store page shows it and its seller replies', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const [seller, buyer] = await Promise.all([person(browser, baseURL!), person(browser, baseURL!)]);
  const violations = { seller: await watchViolations(seller.page), buyer: await watchViolations(buyer.page) };
  const [sellerName, buyerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, 'rvs'),
    signUpInBrowser(buyer.page, buyer.context, 'rvb'),
  ]);
  await Promise.all([
    saveProfile(seller.page, sellerName, '78701', true),
    saveProfile(buyer.page, buyerName, '78702', false),
  ]);
  const title = `Review Lamp ${stamp}`;
  const { id: listingId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: `${title}, collected in person in the review journey.`,
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 2_000,
    quantity: 1,
    shippingType: 'local',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });

  // The buyer buys it and opens the purchase; the seller releases it with the buyer's code.
  const b = buyer.page;
  const bMain = b.getByRole('main');
  await b.goto(`/item/${listingId}`);
  await bMain.getByRole('button', { name: 'Buy Now' }).click();
  await bMain.getByRole('button', { name: 'Create Escrow & Checkout' }).click();
  const purchase = await approveEscrowAndFinish(b, buyer.context, title);
  await purchase.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(b).toHaveURL(/\/purchased\/[0-9A-Za-z]+$/);
  const orderId = new URL(b.url()).pathname.split('/').at(-1)!;
  const reviews = bMain.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('You can leave a review once the order is completed.')).toBeVisible();
  const { pickupCode } = await api<Order>(b, 'GET', `/api/orders/${orderId}`);
  await approvePickup(seller.page, orderId, pickupCode!);

  // The page hears the order complete and offers Leave Review: stars by keyboard, a comment with its count.
  const leave = reviews.getByRole('button', { name: 'Leave Review' });
  await expect(leave).toBeVisible({ timeout: 30_000 });
  await leave.click();
  const dialog = b.getByRole('dialog', { name: 'Leave Review' });
  await dialog.getByRole('radio', { name: '1 star' }).focus();
  for (let i = 0; i < 4; i++) await b.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Exactly as described, easy pickup.');
  await expect(dialog.getByText('34 / 1,000 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(b.getByText('Review Submitted')).toBeVisible();
  await expect(reviews.getByText(`Your review of ${sellerName}`)).toBeVisible();
  await expect(reviews.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Leave Review' })).toHaveCount(0);

  // The seller's store shows it: rating with one decimal, the count singular, the review with its reviewer.
  await b.goto(`/user/${sellerName}?tab=reviews`);
  const header = bMain.locator('.store-meta');
  await expect(header).toContainText('5.0');
  await expect(header).toContainText('(1 review)');
  const list = bMain.getByRole('list', { name: 'Reviews' });
  await expect(list.getByText('Exactly as described, easy pickup.')).toBeVisible();
  await expect(list.getByRole('link', { name: buyerName })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  // Its owner replies once; the reply shows under the review.
  const s = seller.page;
  await s.goto(`/user/${sellerName}?tab=reviews`);
  const own = s.getByRole('main').getByRole('list', { name: 'Reviews' });
  await own.getByRole('button', { name: 'Reply' }).click();
  await own.getByRole('textbox', { name: 'Your reply' }).fill('Thanks for coming by!');
  await own.getByRole('button', { name: 'Post Reply' }).click();
  await expect(own.getByText(`Reply from ${sellerName}`, { exact: false })).toBeVisible();
  await b.reload();
  await expect(list.getByText('Thanks for coming by!')).toBeVisible();
  expect(violations).toEqual({ seller: [], buyer: [] });
});
