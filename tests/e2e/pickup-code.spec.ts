import { expect, test } from './fixtures';
import { approveWith } from './people';
import { pickupSaleInBrowser } from './pickup-sale';

test("a local pickup: the buyer's purchase page shows the one-time code and its QR code; a wrong code is refused, and the seller's page opened from the QR code's link releases the escrow with the right one", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  // The seller works on a 360 px phone (the QR code opens the page there); the buyer on a desktop.
  const title = `Pickup Lamp ${stamp}`;
  const { seller, violations, b, bMain } = await pickupSaleInBrowser(browser, baseURL!, 'pk', title, 360);
  const orderPath = new URL(b.url()).pathname;
  const panel = bMain.getByRole('region', { name: 'Pickup code' });
  await expect(
    panel.getByText('Show this code only at the hand-over, once you have the item.', { exact: false }),
  ).toBeVisible();
  await expect(panel.getByRole('img', { name: 'QR code for the seller to scan' })).toBeVisible();
  const shown = (await panel.locator('.pickup-code-digits').textContent())!;
  expect(shown).toMatch(/^\d{4} \d{4}$/);
  const code = shown.replace(' ', '');

  // The seller's page says what to ask for; a wrong code meets the fee first, then is refused at the field.
  const s = seller.page;
  await s.goto(orderPath);
  const sMain = s.getByRole('main');
  await expect(sMain.getByText('Your sale')).toBeVisible();
  await expect(
    sMain.getByText(
      'Ask the buyer for the pickup code shown on their purchase page, and enter it to release the payment.',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await expect(sMain.getByRole('region', { name: 'Pickup code' })).toHaveCount(0);
  await sMain.getByRole('button', { name: `Approve Pickup: ${title}` }).click();
  let dialog = s.getByRole('dialog', { name: 'Approve Local Pickup' });
  const wrong = String((Number(code) + 1) % 100_000_000).padStart(8, '0');
  await dialog.getByRole('textbox', { name: 'Pickup Code' }).fill(wrong);
  await dialog.getByRole('button', { name: 'Approve Pickup' }).click();
  await expect(s.getByText('Platform Fee Required', { exact: true })).toBeVisible();
  const feeDialog = s.getByRole('dialog', { name: 'Pay the Platform Fee' });
  const feeUrl = await feeDialog.getByRole('link', { name: 'Open in Xaman Wallet' }).getAttribute('href');
  const sellerXaman = await seller.context.newPage();
  const sellerWallet = await s.evaluate(() => localStorage.getItem('wallet_address'));
  await approveWith(sellerXaman, feeUrl!, sellerWallet!, 'Payment');
  await sellerXaman.close();
  await expect(s.getByText('Platform Fee Paid')).toBeVisible({ timeout: 30_000 });
  dialog = s.getByRole('dialog', { name: 'Approve Local Pickup' });
  await expect(dialog.getByText("This is not the buyer's pickup code. 4 tries left before a pause.")).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The buyer's QR code opens the seller's page with the code filled in; the seller confirms.
  const phone = await seller.context.newPage();
  await phone.goto(`${orderPath}#pickup=${code}`);
  dialog = phone.getByRole('dialog', { name: 'Approve Local Pickup' });
  await expect(dialog.getByRole('textbox', { name: 'Pickup Code' })).toHaveValue(code);
  await dialog.getByRole('button', { name: 'Approve Pickup' }).click();
  await expect(phone.getByText('Escrow Completed')).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByRole('main').getByText(/The escrow was released to you/)).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The first tab hears of it too.
  await expect(sMain.getByText(/The escrow was released to you/)).toBeVisible({ timeout: 30_000 });

  // The buyer's page: completed, and the code is gone.
  await b.reload();
  const escrowRow = bMain
    .getByRole('region', { name: 'Order' })
    .locator('.detail-row')
    .filter({ hasText: 'Escrow status' });
  await expect(escrowRow.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bMain.getByRole('region', { name: 'Pickup code' })).toHaveCount(0);
  expect(violations).toEqual({ seller: [], buyer: [] });
});
