import { expect, type Page } from '@playwright/test';

export interface ApproveInBrowserOptions {
  /** Press 'New funded wallet' first and sign with that wallet; otherwise sign with the preselected dev wallet. */
  newWallet: boolean;
  /** How long funding a new wallet may take (ledger closes); default 30 s. */
  fundingTimeoutMs?: number;
}

/**
 * Drives the Xaman stand-in's sign page the way a person does: opens next.always, optionally creates a new funded
 * wallet, presses Approve and waits for the signed state. Returns the address that signed.
 * For the lead's Playwright tests (tests/e2e); uses only what a person sees: roles, labels and texts.
 */
export async function approveInBrowser(page: Page, url: string, opts: ApproveInBrowserOptions): Promise<string> {
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  if (opts.newWallet) {
    await page.getByRole('button', { name: 'New funded wallet' }).click();
    await expect(page.getByText(/^New funded wallet r\w+ is selected\.$/)).toBeVisible({
      timeout: opts.fundingTimeoutMs ?? 30_000,
    });
  }
  const chosen = page.getByRole('radio', { checked: true });
  await expect(chosen).toHaveCount(1);
  const address = await chosen.inputValue();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signed with' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main')).toHaveAttribute('data-state', 'signed');
  return address;
}
