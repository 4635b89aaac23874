import { LedgerConnection } from '../../functions/adapters/ledger/connection';
import { XrplLedger } from '../../functions/adapters/ledger/xrpl-ledger';
import { RLUSD_CURRENCY_HEX } from '../../functions/lib/config';
import { formatUsd } from '../../shared/domain/money';
import { expect, test } from './fixtures';
import { api, approveWith, passInspection } from './people';
import { carrier, fundedSaleInBrowser, required } from './shipped-sale';

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
