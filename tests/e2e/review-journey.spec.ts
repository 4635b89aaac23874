import { expect, test } from './fixtures';
import { approvePickup, pickupSaleInBrowser } from './pickup-sale';

test('a pickup order is approved, the buyer leaves a 5-star review, the store page shows it and its seller replies', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `Review Lamp ${Date.now().toString(36)}`;
  // The buyer buys it and opens the purchase; the seller releases it with the buyer's code.
  const { seller, violations, sellerName, buyerName, orderId, b, bMain } = await pickupSaleInBrowser(
    browser,
    baseURL!,
    'rv',
    title,
  );
  const reviews = bMain.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('You can leave a review once the order is completed.')).toBeVisible();
  await approvePickup(seller.page, b, orderId);

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
