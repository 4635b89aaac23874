import { makeAdmin } from './admin';
import { expect, test } from './fixtures';
import { api, passInspection, person } from './people';
import { pngFile } from './seller';
import { fundedSaleInBrowser, shipAndDeliver } from './shipped-sale';
import { signUpInBrowser } from './sign-up';

test('a delivered parcel: the buyer reports an issue with a photo, the escrow stays past the inspection period, and an administrator releases it', async ({
  browser,
  baseURL,
}) => {
  const sale = await fundedSaleInBrowser(browser, baseURL!, 1280, 'dj');
  const { seller, buyer, b, bMain, order, purchaseUrl } = sale;
  const orderId = purchaseUrl.split('/').pop()!;
  const admin = await person(browser, baseURL!);
  try {
    // The seller pays the fee on the Xaman stand-in and ships a FedEx parcel; FedEx delivers it.
    const s = seller.page;
    await shipAndDeliver(s, baseURL!, orderId);
    await b.reload();
    await expect(bMain.getByText(/^Delivered – funds release to the seller on /)).toBeVisible({ timeout: 30_000 });

    // The buyer reports the issue with a photo, by keyboard where it counts.
    const issue = bMain.getByRole('region', { name: 'Issue' });
    await issue.getByRole('button', { name: 'Report Issue' }).click();
    const dialog = b.getByRole('dialog', { name: 'Report Issue' });
    await dialog.getByRole('radio', { name: 'Not as described' }).check();
    await dialog
      .getByRole('textbox', { name: /Description/ })
      .fill('The listing showed a working radio; it does not turn on.');
    await dialog.getByLabel('Photos (optional, up to 4)').setInputFiles(await pngFile('radio.png', '#335577'));
    await expect(dialog.getByRole('list', { name: 'Photos to send' })).toContainText('radio.png');
    await dialog.getByRole('button', { name: 'Report Issue' }).click();
    await expect(b.getByText('Issue Reported')).toBeVisible();
    await expect(issue.getByText(/^Open: the payment stays in escrow/)).toBeVisible();
    const photo = issue.getByRole('img', { name: 'Photo 1 of the issue' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The seller sees it on the sale.
    await s.goto(purchaseUrl);
    await expect(s.getByRole('region', { name: 'Issue' }).getByText(/^Open: the payment is held/)).toBeVisible();

    // Past the inspection period the escrow stays on the ledger.
    await passInspection(b, baseURL!, orderId);
    await b.reload();
    const escrowRow = order.locator('.detail-row').filter({ hasText: 'Escrow status' });
    await expect(escrowRow.getByText('Pending', { exact: true })).toBeVisible();

    // An administrator releases it with a reason, through the route the Cases tab uses (admin-dispute.spec.ts clicks it).
    await signUpInBrowser(admin.page, admin.context, 'djadm');
    const adminId = (await api<{ id: string }>(admin.page, 'GET', '/api/me')).id;
    await makeAdmin(adminId);
    await api(admin.page, 'POST', `/api/admin/orders/${orderId}/dispute/resolution`, {
      outcome: 'release',
      note: 'The seller showed the radio working before it was packed.',
    });
    await b.reload();
    await expect(escrowRow.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(issue.getByText(/^Resolved: the payment was released to /)).toBeVisible();
    await expect(issue.getByText('The seller showed the radio working before it was packed.')).toBeVisible();
  } finally {
    await Promise.all([seller.context.close(), buyer.context.close(), admin.context.close()]);
  }
});
