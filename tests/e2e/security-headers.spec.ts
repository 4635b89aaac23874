import type { Locator } from '@playwright/test';
import { watchViolations } from './csp';
import { cards, expect, test } from './fixtures';
import { becomeSeller } from './seller';
import { signUpInBrowser } from './sign-up';

const loaded = (img: Locator) =>
  expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);

const EXPECTED = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers).toMatchObject(EXPECTED);
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of [
    "script-src 'self'",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  // Plain HTTP locally: HSTS only comes from CloudFront (tests/infra).
  expect(headers['strict-transport-security']).toBeUndefined();
}

test('the document, API and media responses carry the security headers', async ({ page }) => {
  const document = await page.goto('/marketplace');
  expectSecurityHeaders(document!.headers());
  const api = await page.request.get('/api/listings');
  expect(api.status()).toBe(200);
  expectSecurityHeaders(api.headers());
  // The newest cards may have no photo (other tests list items without one): the first card image there is.
  const photo = await cards(page).locator('img').first().getAttribute('src');
  const media = await page.request.get(photo!);
  expect(media.status()).toBe(200);
  expectSecurityHeaders(media.headers());
});

test('the policy is enforced and the listener hears a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 1px solid red; }';
    document.head.append(style);
  });
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
  expect(violations.some((v) => v.startsWith('event: style-src'))).toBe(true);
});

test('the main pages run under the Content-Security-Policy without a violation', async ({ page, context }) => {
  test.setTimeout(150_000);
  const violations = await watchViolations(page);
  const main = page.getByRole('main');

  await page.goto('/');
  await expect(cards(main).first()).toBeVisible();
  await loaded(cards(main).first().locator('img'));

  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Discover Amazing Deals' })).toBeVisible();
  await cards(main).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/item\/[0-9A-Z]+$/);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/user/TechHavenATX');
  await expect(main.getByRole('heading', { name: 'Tech Haven', level: 1 })).toBeVisible();

  // The Connect Wallet dialog (Radix: scroll lock styles) with the QR code from the Xaman stand-in.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Connect Your Wallet' })
    .getByRole('button', { name: /Xaman Wallet/ })
    .click();
  const scan = page.getByRole('dialog', { name: 'Scan QR Code with Xaman' });
  await loaded(scan.getByRole('img', { name: 'QR code to connect your wallet with Xaman' }));
  await page.keyboard.press('Escape');
  await expect(scan).toBeHidden();

  // Signed in (the socket, toasts), /settings, then /sell with a product lookup's photos.
  const username = await signUpInBrowser(page, context, 'csp');
  await becomeSeller(page, username);
  await page.goto('/sell');
  await expect(main.getByRole('heading', { name: 'Product Info', level: 2 })).toBeVisible();
  await main.getByRole('searchbox').fill('fujifilm x-t5');
  const result = main.getByRole('button', { name: /Fujifilm X-T5/ }).first();
  await expect(result).toBeVisible();
  await loaded(result.locator('img'));

  expect(violations).toEqual([]);
});
