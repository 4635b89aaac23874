import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, viewerAddressHeader } from './fixtures';

/** A person with their own browser context (own storage, own session). */
export async function person(browser: Browser, baseURL: string, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    extraHTTPHeaders: viewerAddressHeader(),
  });
  const page = await context.newPage();
  return { context, page };
}

/** A call to the marketplace's API from the page, with the session the app keeps in local storage. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('wallet_session_token');
      const res = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': crypto.randomUUID(),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { method, path, body },
  );
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body as T;
}

/** A complete profile with a US address at `zip` (Austin, TX): a seller's, or a buyer's to check out with. */
export async function saveProfile(page: Page, username: string, zip: string, isSeller: boolean): Promise<void> {
  await api(page, 'PUT', '/api/me/profile', {
    fullName: `${isSeller ? 'Seller' : 'Buyer'} ${username}`,
    email: `${username}@example.com`,
    phone: '+1 512 555 0142',
    address: { country: 'US', street: '100 Congress Ave', city: 'Austin', state: 'TX', postalCode: zip },
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller,
  });
}

/** Approves the wallet request at `signUrl` on the Xaman stand-in's sign page with `wallet`; `kind` is what it asks. */
export async function approveWith(
  page: Page,
  signUrl: string,
  wallet: string,
  kind: 'EscrowCreate' | 'Payment' = 'EscrowCreate',
) {
  await page.goto(signUrl);
  await expect(page.getByText(kind).first()).toBeVisible();
  await page.locator(`input[type=radio][value="${wallet}"]`).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signed with' })).toBeVisible({ timeout: 15_000 });
}

/** The seller pays an order's platform fee, signing it on the Xaman stand-in, and waits until it is paid. */
export async function payPlatformFee(seller: Page, orderId: string): Promise<void> {
  const fee = await api<{ status: string; signUrl?: string }>(
    seller,
    'POST',
    `/api/orders/${orderId}/platform-fee`,
    {},
  );
  if (fee.status !== 'signing') return;
  const xaman = await seller.context().newPage();
  const wallet = await seller.evaluate(() => localStorage.getItem('wallet_address'));
  await approveWith(xaman, fee.signUrl!, wallet!, 'Payment');
  await xaman.close();
  await expect
    .poll(
      async () =>
        (await api<{ platformFee?: { paid: boolean } }>(seller, 'GET', `/api/orders/${orderId}`)).platformFee?.paid,
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * The one escrow of a checkout: approved with the buyer's wallet on the Xaman stand-in (a page of its own), then
 * 'Checkout Successful' and /activity. Returns the purchase card of `title`.
 */
export async function approveEscrowAndFinish(page: Page, context: BrowserContext, title: string) {
  const dialog = page.getByRole('dialog', { name: 'Approve the Escrow in Xaman' });
  const signUrl = await dialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
  const wallet = await page.evaluate(() => localStorage.getItem('wallet_address'));
  const xaman = await context.newPage();
  await approveWith(xaman, signUrl!, wallet!);
  await xaman.close();
  await expect(page.getByText('Checkout Successful')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/activity$/);
  return page
    .getByRole('main')
    .getByRole('list', { name: 'Your purchases' })
    .getByRole('article', { name: `Purchase: ${title}` });
}

/** A call to the local stack's own controls (its clock, its schedules) at `baseURL`. */
async function local(baseURL: string, method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
}

/**
 * Runs the local stack's schedule `name` once; with `at`, the functions' clock stands at `at` for that run and then
 * comes back (the browser tests run one at a time).
 */
export async function runSchedule(baseURL: string, name: string, at?: string): Promise<void> {
  if (at) await local(baseURL, 'PUT', '/_local/clock', { at });
  try {
    await local(baseURL, 'POST', `/_local/schedules/${name}`, {});
  } finally {
    if (at) await local(baseURL, 'DELETE', '/_local/clock');
  }
}

/** Lets a delivered order's inspection period pass (decision 052): one settlement run just past its release time. */
export async function passInspection(page: Page, baseURL: string, orderId: string): Promise<void> {
  const order = await api<{ status: string; releaseDueAt: string | null }>(page, 'GET', `/api/orders/${orderId}`);
  expect(order.status).toBe('delivered');
  await runSchedule(baseURL, 'settle-escrows', new Date(Date.parse(order.releaseDueAt!) + 60_000).toISOString());
}
