import { watchViolations } from './csp';
import { expect, test } from './fixtures';
import { api, approveEscrowAndFinish, approveWith, person, saveProfile } from './people';
import { signUpInBrowser } from './sign-up';

test("a local pickup: the buyer's purchase page shows the one-time code and its QR code; a wrong code is refused, and the seller's page opened from the QR code's link releases the escrow with the right one", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  // The seller works on a 360 px phone (the QR code opens the page there); the buyer on a desktop.
  const [seller, buyer] = await Promise.all([person(browser, baseURL!, 360), person(browser, baseURL!)]);
  const violations = { seller: await watchViolations(seller.page), buyer: await watchViolations(buyer.page) };
  const [sellerName, buyerName] = await Promise.all([
    signUpInBrowser(seller.page, seller.context, 'pks'),
    signUpInBrowser(buyer.page, buyer.context, 'pkb'),
  ]);
  await Promise.all([
    saveProfile(seller.page, sellerName, '78701', true),
    saveProfile(buyer.page, buyerName, '78702', false),
  ]);
  const title = `Pickup Lamp ${stamp}`;
  const { id: listingId } = await api<{ id: string }>(seller.page, 'POST', '/api/listings', {
    title,
    description: `${title}, collected in person in the pickup journey.`,
    category: 'Home & Garden',
    condition: 'good',
    listingType: 'fixed',
    priceCents: 2_000,
    quantity: 1,
    shippingType: 'local',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
  });

  // The buyer buys it and opens the purchase: the code, what to do with it, and its QR code.
  const b = buyer.page;
  const bMain = b.getByRole('main');
  await b.goto(`/item/${listingId}`);
  await bMain.getByRole('button', { name: 'Buy Now' }).click();
  await expect(b).toHaveURL(/\/checkout$/);
  await bMain.getByRole('button', { name: 'Create Escrow & Checkout' }).click();
  const purchase = await approveEscrowAndFinish(b, buyer.context, title);
  await purchase.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(b).toHaveURL(/\/purchased\/[0-9A-Za-z]+$/);
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
