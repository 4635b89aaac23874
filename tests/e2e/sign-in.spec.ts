import { LedgerConnection } from '../../functions/adapters/ledger/connection';
import { XrplLedger } from '../../functions/adapters/ledger/xrpl-ledger';
import { RLUSD_CURRENCY_HEX } from '../../functions/lib/config';
import { formatUsd } from '../../shared/domain/money';
import { shortAddress } from '../../shared/domain/username';
import { approveInBrowser } from '../xaman/sign-page.browser';
import { expect, test } from './fixtures';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not start the stand-ins`);
  return value;
}

/** The RLUSD balance of an account as the ledger holds it, as the header shows it. */
async function ledgerRlusd(address: string): Promise<string> {
  const ledger = new XrplLedger(new LedgerConnection(required('E2E_XRPL_URL')), {
    issuer: required('E2E_RLUSD_ISSUER'),
    currency: RLUSD_CURRENCY_HEX,
  });
  try {
    const balances = await ledger.balances(address);
    return formatUsd(balances?.rlusd?.balanceCents ?? 0);
  } finally {
    await ledger.connection.close();
  }
}

/**
 * The sign-in journey (decision 008): a new visitor connects Xaman (approving on the Xaman stand-in's sign page with a
 * new funded wallet), creates a username, sees the account panel and the RLUSD balance, stays signed in across a
 * reload, uploads an avatar and becomes a seller in the settings and sees the sell icon, and disconnects.
 */
test('a new visitor connects a wallet, creates a username, becomes a seller and disconnects', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // Every socket the page opens: a signed-in one carries a one-time ticket, never the session token (decision 078).
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Connect Wallet' }).click();

  const connect = page.getByRole('dialog', { name: 'Connect Your Wallet' });
  await expect(connect.getByText('Choose a wallet to connect to the marketplace')).toBeVisible();
  await connect.getByRole('button', { name: /Xaman Wallet/ }).click();
  const scan = page.getByRole('dialog', { name: 'Scan QR Code with Xaman' });
  // The code the wallet shows with the request is on this screen too (decision 078).
  const code = (await scan.locator('.sign-in-code-value').textContent())!;
  expect(code).toMatch(/^[A-Z2-9]{4}$/);
  const qr = scan.getByRole('img', { name: 'QR code to connect your wallet with Xaman' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const open = scan.getByRole('link', { name: 'Open in Xaman Wallet' });
  await expect(open).toHaveAttribute('target', '_blank');
  const deepLink = await open.getAttribute('href');
  expect(deepLink).toBeTruthy();

  // The person opens the request in "Xaman" (a new tab of the same browser) and approves with a new funded wallet.
  const xaman = await context.newPage();
  await xaman.goto(deepLink!);
  await expect(xaman.getByText(code, { exact: true })).toBeVisible();
  await expect(xaman.getByText('RLUSD Marketplace', { exact: true })).toBeVisible();
  const address = await approveInBrowser(xaman, deepLink!, { newWallet: true });
  await xaman.close();

  const create = page.getByRole('dialog', { name: 'Create Your Username' });
  await expect(create).toBeVisible({ timeout: 20_000 });
  await expect(create.getByText(address, { exact: true })).toBeVisible();
  const username = `e2e_${Date.now().toString(36)}`;
  await create.getByLabel('Username').fill(username);
  await expect(create.getByText('Username is available!')).toBeVisible();
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Wallet Connected')).toBeVisible();
  await expect(create).toBeHidden();

  const account = header.getByRole('button', { name: `${username} account` });
  await expect(account).toBeVisible();
  await expect.poll(() => sockets.some((url) => /[?&]ticket=/.test(url))).toBe(true);
  const token = await page.evaluate(() => localStorage.getItem('wallet_session_token'));
  expect(token).toBeTruthy();
  expect(sockets.filter((url) => url.includes(token!) || /[?&]token=/.test(url))).toEqual([]);
  const rlusd = await ledgerRlusd(address);
  expect(rlusd).not.toBe('$0.00');
  await expect(header.getByRole('link', { name: `Wallet balance ${rlusd}` })).toBeVisible();
  await account.click();
  const panel = page.getByRole('menu');
  await expect(panel.getByText(username, { exact: true })).toBeVisible();
  await expect(panel.getByText(shortAddress(address), { exact: true })).toBeVisible();
  await expect(panel.getByText(`RLUSD balance: ${rlusd}`, { exact: true })).toBeVisible();
  await expect(panel.getByRole('menuitem')).toHaveText([
    'My Activity',
    'Messages',
    'Notifications',
    'Wallet',
    'Profile Settings',
    'Disconnect Wallet',
  ]);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(account).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sell an item' })).toHaveCount(0);

  await account.click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const main = page.getByRole('main');
  // The avatar goes straight to the media bucket with the presigned POST, then becomes the header's avatar too.
  await main
    .getByLabel('Avatar image file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('Avatar Updated')).toBeVisible();
  const avatar = main.getByRole('img', { name: 'Your avatar' });
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(account.locator('img')).toHaveAttribute('src', (await avatar.getAttribute('src'))!);
  await main.getByLabel(/^Full Name/).fill('E2E Seller');
  await main.getByLabel(/^Email/).fill(`${username}@example.com`);
  await main.getByLabel(/^Phone/).fill('+1 555 0100');
  await main.getByLabel('I want to sell items on the marketplace').check();
  await main.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sell an item' })).toBeVisible();

  await account.click();
  await page.getByRole('menuitem', { name: 'Disconnect Wallet' }).click();
  await expect(page.getByText('Wallet Disconnected')).toBeVisible();
  await expect(page.getByText('Your wallet has been disconnected successfully')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  await page.reload();
  await expect(header.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('on a 360 px phone the signed-out header and the Connect Wallet dialog fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const header = page.getByRole('banner');
  const connect = header.getByRole('button', { name: 'Connect Wallet' });
  await expect(connect).toBeVisible();
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);

  await connect.click();
  const dialog = page.getByRole('dialog', { name: 'Connect Your Wallet' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(connect).toBeFocused();
});

test('/login opens the Connect Wallet dialog over the home page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('dialog', { name: 'Connect Your Wallet' })).toBeVisible();
  // Under the modal dialog (hidden from assistive technology while it is open).
  await expect(page.getByRole('heading', { name: 'Hot Auctions', includeHidden: true })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Connect Your Wallet' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
});
