import { localAdminWallet } from '../../infra/local/seed/admin-wallet';
import { expect, test } from './fixtures';
import { person } from './people';
import { signUpInBrowser } from './sign-up';

/** The admin portal's door (decision 062): the role decides, and the local 'admin' dev wallet is a configured admin. */

test("a non-admin opening /admin gets 'Access Denied'", async ({ browser, baseURL }) => {
  const { context, page } = await person(browser, baseURL!, 360);
  try {
    await signUpInBrowser(page, context, 'noadm');
    await page.goto('/admin');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText("You don't have admin privileges")).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('heading', { name: 'Admin Portal' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the admin wallet signs in and sees the portal', async ({ browser, baseURL }) => {
  const wallet = localAdminWallet().classicAddress;
  const { context, page } = await person(browser, baseURL!);
  try {
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Connect Wallet' }).click();
    await page
      .getByRole('dialog', { name: 'Connect Your Wallet' })
      .getByRole('button', { name: /Xaman Wallet/ })
      .click();
    const deepLink = await page.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
    const xaman = await context.newPage();
    // The stand-in lists the 'admin' dev wallet once it has adopted it (as the stack starts).
    await expect(async () => {
      await xaman.goto(deepLink!);
      await expect(xaman.locator(`input[type=radio][value="${wallet}"]`)).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await xaman.locator(`input[type=radio][value="${wallet}"]`).check();
    await xaman.getByRole('button', { name: 'Approve' }).click();
    await expect(xaman.getByRole('status').filter({ hasText: 'Signed with' })).toBeVisible({ timeout: 15_000 });
    await xaman.close();

    // Its first sign-in on this stack picks a username; later ones go straight in.
    const create = page.getByRole('dialog', { name: 'Create Your Username' });
    const account = header.getByRole('button', { name: /account/ });
    await expect(create.or(account).first()).toBeVisible({ timeout: 20_000 });
    if (await create.isVisible()) {
      await create.getByLabel('Username').fill(`boss_${Date.now().toString(36)}`);
      await expect(create.getByText('Username is available!')).toBeVisible({ timeout: 20_000 });
      await create.getByRole('button', { name: 'Create Account' }).click();
    }
    await account.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Admin' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Admin Portal' })).toBeVisible();
    await page.getByRole('tab', { name: 'Roles' }).click();
    await expect(page).toHaveURL(/\?tab=roles$/);
    const administrators = page.getByRole('list', { name: 'Administrators' });
    await expect(administrators.getByText(wallet)).toBeVisible();
    await expect(administrators.getByText('Configured')).toBeVisible();

    await page.getByRole('tab', { name: 'Audit' }).click();
    await expect(page).toHaveURL(/\?tab=audit$/);
    const entries = page.getByRole('list', { name: 'Audit entries' });
    await expect(entries.getByText('admin.sign_in').first()).toBeVisible();
    await expect(entries.getByText(`On ${wallet}`).first()).toBeVisible();
  } finally {
    await context.close();
  }
});
