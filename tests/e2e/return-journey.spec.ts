import type { Page } from '@playwright/test';
import type { Order } from '../../shared/api/orders';
import { formatUsd } from '../../shared/domain/money';
import { expect, test } from './fixtures';
import { api, approveWith, runSchedule } from './people';
import { approvePickup, pickupSaleInBrowser } from './pickup-sale';
import { carrier } from './shipped-sale';

/** The RLUSD in cents of the signed-in person's wallet, as the wallet page reads it. */
async function rlusdCents(page: Page): Promise<number> {
  const { balances } = await api<{ balances: { currency: string; cents: number | null }[] }>(
    page,
    'GET',
    '/api/wallet/balances',
  );
  return balances.find((b) => b.currency === 'RLUSD')?.cents ?? 0;
}

test('after release: the buyer asks for a return, the seller approves, the parcel goes back and the seller refunds the buyer from their wallet', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const title = `Return Kettle ${Date.now().toString(36)}`;
  const { seller, buyer, violations, buyerName, priceCents, listingId, orderId, b, bMain } = await pickupSaleInBrowser(
    browser,
    baseURL!,
    'rt',
    title,
  );
  try {
    // The seller releases the pickup: the order is completed and the money is the seller's.
    await approvePickup(seller.page, b, orderId);

    // 1. The buyer's purchase page says who refunds after release; the buyer asks for a return.
    const panel = bMain.getByRole('region', { name: 'Return' });
    await expect(
      panel.getByText(
        'The payment has been released to the seller. If you return the item, the seller refunds you from their wallet.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Request Return' }).click();
    const dialog = b.getByRole('dialog', { name: 'Request Return' });
    await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Not as described' });
    await dialog.getByRole('textbox', { name: /Description/ }).fill('The lid does not close.');
    await dialog.getByRole('button', { name: 'Request Return' }).click();
    await expect(b.getByText('Return Requested')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByText('Return status: Pending')).toBeVisible();
    await expect(panel.getByText(/^Waiting for the seller's answer/)).toBeVisible();

    // 2. The seller finds it on My Activity's Sales tab and approves it.
    const s = seller.page;
    const buyerId = (await api<{ id: string }>(b, 'GET', '/api/me')).id;
    await s.goto('/activity?tab=sales');
    const row = s
      .getByRole('main')
      .getByRole('list', { name: 'Return requests' })
      .getByRole('article', { name: title });
    await expect(row.getByText('Return status: Pending')).toBeVisible();
    await expect(row.getByText(`Buyer: ${buyerName}`)).toBeVisible();
    await expect(row.getByText('The lid does not close.')).toBeVisible();
    await expect(row.getByRole('link', { name: 'View Item' })).toHaveAttribute('href', `/item/${listingId}`);
    await expect(row.getByRole('link', { name: 'Contact Buyer' })).toHaveAttribute(
      'href',
      `/messages?conversation=${buyerId}`,
    );
    await expect(row.getByRole('button', { name: 'Reject' })).toBeVisible();
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(s.getByText('Return Approved')).toBeVisible();
    await expect(row.getByText('Return status: Approved')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // 3. The buyer reads where to send it, ships a parcel there and gives its tracking number; FedEx delivers it and
    // the returns schedule (ten minutes on, when it tracks a parcel again) hears it.
    await expect(panel.getByText(/^Send it back to: 100 Congress Ave, .*78701/)).toBeVisible({ timeout: 30_000 });
    const { trackingNumber } = await carrier<{ trackingNumber: string }>('POST', 'parcels', {
      fromZip: '78702',
      toZip: '78701',
      weightLb: 2,
    });
    const form = panel.getByRole('form', { name: `Send back ${title}` });
    await form.getByRole('textbox', { name: 'FedEx Tracking Number' }).fill(trackingNumber);
    await form.getByRole('button', { name: 'Add Tracking' }).click();
    await expect(b.getByText('Tracking Number Added')).toBeVisible();
    await expect(panel.getByText(`On its way back: ${trackingNumber}`)).toBeVisible();
    for (const status of ['picked_up', 'in_transit', 'delivered']) {
      await carrier('POST', `parcels/${trackingNumber}/events`, { status });
    }
    // A run whose Track call fails (a slow machine) leaves the parcel for the next run, as the schedule would.
    await expect(async () => {
      await runSchedule(baseURL!, 'follow-returns', new Date(Date.now() + 11 * 60_000).toISOString());
      const read = await api<Order>(b, 'GET', `/api/orders/${orderId}`);
      expect(read.returnRequest?.stage).toBe('refund_due');
    }).toPass({ timeout: 60_000 });
    const refund = `${formatUsd(priceCents)} RLUSD`;
    await expect(panel.getByText(`Delivered back. The seller refunds ${refund}`, { exact: false })).toBeVisible({
      timeout: 30_000,
    });

    // 4. The seller's list asks for the refund; the seller signs it on the Xaman stand-in.
    const before = await rlusdCents(b);
    await expect(row.getByText(`Delivered back: refund ${refund} to ${buyerName}.`)).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Refund buyer' }).click();
    const signing = s.getByRole('dialog', { name: 'Refund the Buyer' });
    await expect(signing.getByRole('img', { name: 'QR code to refund the buyer with Xaman' })).toBeVisible();
    await expect(signing.getByText(refund)).toBeVisible();
    const signUrl = await signing.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
    const sellerWallet = await s.evaluate(() => localStorage.getItem('wallet_address'));
    const xaman = await seller.context.newPage();
    await approveWith(xaman, signUrl!, sellerWallet!, 'Payment');
    await xaman.close();
    await expect(s.getByText('Buyer Refunded')).toBeVisible({ timeout: 30_000 });
    await expect(signing).toHaveCount(0);
    await expect(row.getByText('Return status: Completed')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Refund buyer' })).toHaveCount(0);

    // 5. The buyer has the item's price back, and the purchase page says so.
    await expect.poll(() => rlusdCents(b), { timeout: 15_000 }).toBe(before + priceCents);
    await expect(panel.getByText('Return status: Completed')).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(panel.locator('.detail-row').filter({ hasText: 'Refund transaction' })).toContainText(/[0-9A-F]{64}/);
    expect(violations).toEqual({ seller: [], buyer: [] });
  } finally {
    await Promise.all([seller.context.close(), buyer.context.close()]);
  }
});
