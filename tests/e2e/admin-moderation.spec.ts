import { makeAdmin } from './admin';
import { cards, expect, section, test } from './fixtures';
import { api, person } from './people';
import { signUpInBrowser } from './sign-up';

test('an administrator marks a listing featured with a reason, and the home page shows it in Hot Auctions', async ({
  browser,
  baseURL,
}) => {
  const admin = await person(browser, baseURL!);
  try {
    const page = admin.page;
    await signUpInBrowser(page, admin.context, 'modj');
    await makeAdmin((await api<{ id: string }>(page, 'GET', '/api/me')).id);
    // The newest listing: featured, it is the newest of the featured, so Hot Auctions (four) shows it.
    const { items } = await api<{ items: { id: string; title: string; featured: boolean }[] }>(
      page,
      'GET',
      '/api/listings?sort=newest&limit=1',
    );
    const listing = items[0]!;
    expect(listing.featured, 'not featured before').toBe(false);

    await page.goto('/admin?tab=moderation');
    const form = page.getByRole('form', { name: 'Listing' });
    await form.getByLabel('Listing id or link').fill(`${baseURL}/listing/${listing.id}`);
    await form.getByLabel('Action').selectOption('feature');
    await form.getByRole('button', { name: 'Apply to Listing' }).click();
    await expect(form.getByText('Please give a reason.')).toBeVisible();
    await form.getByLabel(/Reason/).fill('Great photos and a fair price.');
    await form.getByRole('button', { name: 'Apply to Listing' }).click();
    await expect(page.getByText('Listing Updated')).toBeVisible();

    await page.goto('/');
    const card = cards(section(page, 'Hot Auctions')).filter({ hasText: listing.title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Featured', { exact: true })).toBeVisible();
  } finally {
    await admin.context.close();
  }
});
