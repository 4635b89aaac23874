import { expect, test } from './fixtures';
import { signUpInBrowser } from './sign-up';

/** A signed-in buyer keeps a listing on the wishlist: heart on /marketplace, header count, /wishlist, remove. */
test('a signed-in user saves a listing to the wishlist, sees it counted and listed, and removes it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, context, 'wish');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();

  await page.goto('/marketplace');
  const card = page.getByRole('list', { name: 'Listings' }).getByRole('article').first();
  const title = await card.getAttribute('aria-label');
  await card.getByRole('button', { name: `Add to wishlist: ${title}` }).click();
  await expect(page.getByText('Added to Wishlist')).toBeVisible();
  await expect(card.getByRole('button', { name: `Remove from wishlist: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await header.getByRole('link', { name: 'Wishlist, 1 item' }).click();

  await expect(page).toHaveURL(/\/wishlist$/);
  const saved = page.getByRole('list', { name: 'Saved listings' });
  await expect(saved.getByRole('article', { name: title! })).toBeVisible();
  await expect(page.getByText('Items Saved').locator('..')).toContainText('1');
  await saved.getByRole('button', { name: `Remove from wishlist: ${title}` }).click();
  await expect(page.getByText('Removed from Wishlist')).toBeVisible();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
});
