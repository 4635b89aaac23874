import type { Browser, Page } from '@playwright/test';
import { LedgerConnection } from '../../functions/adapters/ledger/connection';
import { XrplLedger } from '../../functions/adapters/ledger/xrpl-ledger';
import { RLUSD_CURRENCY_HEX } from '../../functions/lib/config';
import { formatUsd } from '../../shared/domain/money';
import { watchViolations } from './csp';
import { expect, test } from './fixtures';
import { api, passInspection, person } from './people';
import { signUpInBrowser } from './sign-up';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not start the stand-ins`);
  return value;
}

/** A call to the carrier (FedEx) stand-in's control API. */
async function carrier<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${required('E2E_CARRIER_URL')}/_control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

function profile(name: string, street: string, city: string, state: string, postalCode: string, isSeller: boolean) {
  return {
    fullName: name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: '+1 512 555 0142',
    address: { country: 'US', street, city, state, postalCode },
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller,
  };
}

/** Approves the wallet request at `signUrl` on the Xaman stand-in's sign page with `wallet`; `kind` is what it asks. */
async function approveWith(page: Page, signUrl: string, wallet: string, kind: 'EscrowCreate' | 'Payment') {
  await page.goto(signUrl);
  await expect(page.getByText(kind).first()).toBeVisible();
  await page.locator(`input[type=radio][value="${wallet}"]`).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Signed with' })).toBeVisible({ timeout: 15_000 });
}

/**
 * A seller (on a phone `sellerWidth` px wide) and a buyer (desktop), both signed up in the browser with addresses in
 * Austin and San Francisco; the buyer has bought the seller's new item and funded its escrow on the Xaman stand-in and
 * is on its purchase page.
 */
async function fundedSaleInBrowser(browser: Browser, baseURL: string, sellerWidth: number, prefix: string) {
  const stamp = Date.now().toString(36);
  const [seller, buyer] = await Promise.all([person(browser, baseURL, sellerWidth), person(browser, baseURL)]);
  const violations = { seller: await watchViolations(seller.page), buyer: await watchViolations(buyer.page) };
  const [, buyerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, `${prefix}s`),
    signUpInBrowser(buyer.page, buyer.context, `${prefix}b`),
  ]);
  const title = `Shipped Radio ${stamp}`;
  const priceCents = 3_000;
  await api(
    seller.page,
    'PUT',
    '/api/me/profile',
    profile(`Seller ${stamp}`, '100 Congress Ave', 'Austin', 'TX', '78701', true),
  );
  const { id: listingId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: `${title}, shipped by FedEx in the seller journey.`,
    category: 'Electronics',
    condition: 'good',
    listingType: 'fixed',
    priceCents,
    quantity: 1,
    shippingType: 'free',
    weightLbs: 2,
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });
  await api(
    buyer.page,
    'PUT',
    '/api/me/profile',
    profile(`Buyer ${stamp}`, '1 Market St', 'San Francisco', 'CA', '94105', false),
  );

  // The buyer buys it (Buy Now, one escrow approved on the Xaman stand-in).
  const b = buyer.page;
  const bMain = b.getByRole('main');
  const buyerWallet = await b.evaluate(() => localStorage.getItem('wallet_address'));
  await b.goto(`/item/${listingId}`);
  await bMain.getByRole('button', { name: 'Buy Now' }).click();
  await expect(b).toHaveURL(/\/checkout$/);
  await bMain.getByRole('button', { name: 'Create Escrow & Checkout' }).click();
  const escrowDialog = b.getByRole('dialog', { name: 'Approve the Escrow in Xaman' });
  const escrowUrl = await escrowDialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
  const buyerXaman = await buyer.context.newPage();
  await approveWith(buyerXaman, escrowUrl!, buyerWallet!, 'EscrowCreate');
  await buyerXaman.close();
  await expect(b.getByText('Checkout Successful')).toBeVisible({ timeout: 30_000 });
  await expect(b).toHaveURL(/\/activity$/);
  const purchase = bMain
    .getByRole('list', { name: 'Your purchases' })
    .getByRole('article', { name: `Purchase: ${title}` });
  await expect(purchase.getByText('Escrow pending')).toBeVisible();
  await purchase.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(b).toHaveURL(/\/purchased\/[0-9A-Za-z]+$/);
  const purchaseUrl = new URL(b.url()).pathname;
  const order = bMain.getByRole('region', { name: 'Order' });
  await expect(bMain.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(order.getByText('Shipping status: Pending')).toBeVisible();
  await expect(order.getByText('Not shipped yet')).toBeVisible();

  return { seller, buyer, violations, buyerName, title, priceCents, listingId, purchaseUrl, b, bMain, order };
}

test("the seller of a funded order enters a FedEx tracking number on a phone, pays the platform fee on the Xaman stand-in, FedEx delivers, and the buyer's purchase shows delivered and completed while the seller has the order's amount", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The seller works on a 360 px phone; the buyer on a desktop.
  const { seller, buyer, violations, buyerName, priceCents, listingId, purchaseUrl, b, order } =
    await fundedSaleInBrowser(browser, baseURL!, 360, 'sh');
  // The seller's RLUSD on the ledger before anything is paid or released.
  const sellerWallet = (await seller.page.evaluate(() => localStorage.getItem('wallet_address')))!;
  const ledger = new XrplLedger(new LedgerConnection(required('E2E_XRPL_URL')), {
    issuer: required('E2E_RLUSD_ISSUER'),
    currency: RLUSD_CURRENCY_HEX,
  });
  let previousWebhook: string | null | undefined;
  const rlusd = async () => (await ledger.balances(sellerWallet))!.rlusd!.balanceCents;
  try {
    const start = await rlusd();

    // The parcel at FedEx (the stand-in), to the buyer's ZIP; its scans are sent to the marketplace's webhook.
    const { trackingNumber } = await carrier<{ trackingNumber: string }>('POST', 'parcels', {
      fromZip: '78701',
      toZip: '94105',
      weightLb: 2,
    });
    // The stack points the stand-in's webhooks at its gateway; said again here, as the journey depends on it.
    const webhook = `${baseURL}/api/carrier/webhook`;
    previousWebhook = (await carrier<{ url: string | null }>('GET', 'webhook')).url;
    if (previousWebhook !== webhook) await carrier('PUT', 'webhook', { url: webhook });

    // The seller enters the tracking number on the item's page (a phone): the fee comes first.
    const s = seller.page;
    await s.goto(`/item/${listingId}`);
    const sale = s
      .getByRole('main')
      .getByRole('region', { name: 'Escrow' })
      .getByRole('article', { name: `Sale to ${buyerName}` });
    // A label bought here comes first; the seller's own number is the second choice, behind its disclosure.
    await expect(sale.getByRole('region', { name: 'Buy a FedEx label here' })).toBeVisible();
    await sale.getByText('Or enter a FedEx tracking number of your own').click();
    const field = sale.getByRole('textbox', { name: 'FedEx Tracking Number' });
    await sale.getByRole('button', { name: 'Add Tracking' }).click();
    await expect(sale.getByText('Please enter a tracking number')).toBeVisible();
    await field.fill(` ${trackingNumber} `);
    await sale.getByRole('button', { name: 'Add Tracking' }).click();
    await expect(s.getByText('Platform Fee Required', { exact: true })).toBeVisible();
    const feeDialog = s.getByRole('dialog', { name: 'Pay the Platform Fee' });
    await expect(feeDialog.getByRole('img', { name: 'QR code to pay the platform fee with Xaman' })).toBeVisible();
    const feeCents = Math.floor((priceCents * 250 + 5_000) / 10_000);
    await expect(feeDialog.getByText(`${formatUsd(feeCents)} RLUSD`)).toBeVisible();
    await expect(feeDialog.getByText(`2.5% of ${formatUsd(priceCents)}`)).toBeVisible();
    const feeLink = feeDialog.getByRole('link', { name: 'Open in Xaman Wallet' });
    await expect(feeLink).toHaveAttribute('target', '_blank');
    const sellerXaman = await seller.context.newPage();
    await approveWith(sellerXaman, (await feeLink.getAttribute('href'))!, sellerWallet, 'Payment');
    await sellerXaman.close();
    await expect(s.getByText('Platform Fee Paid')).toBeVisible({ timeout: 30_000 });
    await expect(s.getByText('Shipping Updated')).toBeVisible({ timeout: 20_000 });
    await expect(feeDialog).toHaveCount(0);
    await expect(sale.getByText('Shipped. The escrow is released to you once FedEx confirms delivery.')).toBeVisible();
    await expect(sale.getByText(trackingNumber, { exact: true })).toBeVisible();
    // Nothing overflows the phone's width.
    expect(await s.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The fee went to the platform on its own, before any release.
    await expect.poll(rlusd, { timeout: 15_000 }).toBe(start - feeCents);

    // The buyer's purchase page shows the parcel.
    await b.goto(purchaseUrl);
    await expect(order.getByText('Shipping status: Shipped')).toBeVisible();
    await expect(order.getByText(trackingNumber, { exact: true })).toBeVisible();

    // FedEx moves it on and delivers it: its webhook makes the marketplace ask the Track API; the inspection period
    // starts, and its end releases the escrow.
    for (const status of ['picked_up', 'in_transit', 'delivered']) {
      await carrier('POST', `parcels/${trackingNumber}/events`, { status });
    }
    await expect(order.getByText('Shipping status: Delivered')).toBeVisible({ timeout: 30_000 });
    await expect(
      order.getByText(/^Delivered – funds release to the seller on [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    ).toBeVisible();
    const escrowRow = order.locator('.detail-row').filter({ hasText: 'Escrow status' });
    await expect(escrowRow.getByText('Pending', { exact: true })).toBeVisible();
    await passInspection(b, baseURL!, purchaseUrl.split('/').pop()!);
    await expect(escrowRow.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(escrowRow.getByText('Escrow released')).toBeVisible();
    await expect(order.locator('.detail-row').filter({ hasText: 'Delivered on' })).toContainText(
      /[A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );

    // The seller got the order's whole amount (the fee was paid separately, before).
    await expect.poll(rlusd, { timeout: 15_000 }).toBe(start - feeCents + priceCents);
    await s.goto('/wallet');
    const usd = s
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: s.getByRole('heading', { name: 'USD Balance' }) });
    await expect(usd.getByText(formatUsd(start - feeCents + priceCents))).toBeVisible();
    expect(violations).toEqual({ seller: [], buyer: [] });
  } finally {
    await ledger.connection.close();
    if (previousWebhook !== undefined) await carrier('PUT', 'webhook', { url: previousWebhook });
    await Promise.all([seller.context.close(), buyer.context.close()]);
  }
});

test('the seller buys a FedEx label here with one payment of fee plus label, prints it, FedEx delivers it and the escrow is released', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Both on desktops this time; the phone is the journey above.
  const { seller, buyer, violations, buyerName, listingId, purchaseUrl, b, order } = await fundedSaleInBrowser(
    browser,
    baseURL!,
    1280,
    'sl',
  );
  const sellerWallet = (await seller.page.evaluate(() => localStorage.getItem('wallet_address')))!;
  try {
    const s = seller.page;
    await s.goto(`/item/${listingId}`);
    const sale = s
      .getByRole('main')
      .getByRole('region', { name: 'Escrow' })
      .getByRole('article', { name: `Sale to ${buyerName}` });
    const labels = sale.getByRole('region', { name: 'Buy a FedEx label here' });
    const first = labels.getByRole('radio').first();
    await expect(first).toBeChecked({ timeout: 20_000 });
    await labels.getByRole('button', { name: 'Buy Label' }).click();

    const dialog = s.getByRole('dialog', { name: 'Pay the Platform Fee and Label' });
    await expect(dialog.getByText('Shipping label')).toBeVisible();
    const link = dialog.getByRole('link', { name: 'Open in Xaman Wallet' });
    const sellerXaman = await seller.context.newPage();
    await approveWith(sellerXaman, (await link.getAttribute('href'))!, sellerWallet, 'Payment');
    await sellerXaman.close();
    await expect(s.getByText('Label Ready')).toBeVisible({ timeout: 40_000 });
    await expect(sale.getByText(/Shipped with a label bought here/)).toBeVisible();

    // Print Label hands over the label as a PDF.
    const downloading = s.waitForEvent('download');
    await sale.getByRole('button', { name: 'Print Label' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^label-[0-9A-Za-z]+\.pdf$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The buyer sees the kind of proof; FedEx delivers the label's parcel and the delivery check releases the escrow.
    const orderId = purchaseUrl.split('/').pop()!;
    const { shipment } = await api<{ shipment: { trackingNumber: string } }>(s, 'GET', `/api/orders/${orderId}`);
    await b.goto(purchaseUrl);
    await expect(order.getByText('Shipped with a label bought on this marketplace')).toBeVisible();
    await expect(order.getByText(shipment.trackingNumber, { exact: true })).toBeVisible();
    for (const status of ['picked_up', 'in_transit', 'delivered']) {
      await carrier('POST', `parcels/${shipment.trackingNumber}/events`, { status });
    }
    const run = await fetch(`${baseURL}/_local/schedules/check-deliveries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(run.status).toBe(200);
    await b.reload();
    await expect(order.getByText('Shipping status: Delivered')).toBeVisible({ timeout: 30_000 });
    await passInspection(b, baseURL!, orderId);
    const escrowRow = order.locator('.detail-row').filter({ hasText: 'Escrow status' });
    await expect(escrowRow.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    expect(violations).toEqual({ seller: [], buyer: [] });
  } finally {
    await Promise.all([seller.context.close(), buyer.context.close()]);
  }
});
