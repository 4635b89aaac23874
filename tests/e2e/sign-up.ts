import type { BrowserContext, Page } from '@playwright/test';
import { approveInBrowser } from '../xaman/sign-page.browser';
import { expect } from './fixtures';

/**
 * Signs a new visitor up the way a person does (Connect Wallet, approve with a new funded wallet on the Xaman stand-in's
 * page, pick a username) and waits until the header shows the account. For journeys that start signed in.
 */
export async function signUpInBrowser(page: Page, context: BrowserContext, prefix: string): Promise<string> {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Connect Your Wallet' })
    .getByRole('button', { name: /Xaman Wallet/ })
    .click();
  const deepLink = await page.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
  const xaman = await context.newPage();
  await approveInBrowser(xaman, deepLink!, { newWallet: true });
  await xaman.close();
  const create = page.getByRole('dialog', { name: 'Create Your Username' });
  const username = `${prefix}_${Date.now().toString(36)}`;
  await create.getByLabel('Username').fill(username);
  await expect(create.getByText('Username is available!')).toBeVisible({ timeout: 20_000 });
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(header.getByRole('button', { name: `${username} account` })).toBeVisible();
  return username;
}
