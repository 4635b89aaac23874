import { formatUsd } from '../../shared/domain/money';
import { makeAdmin } from './admin';
import { expect, test } from './fixtures';
import { api, person } from './people';
import { carrier, fundedSaleInBrowser } from './shipped-sale';
import { signUpInBrowser } from './sign-up';

test("an administrator changes the platform fee on the General tab, and a seller's next fee quote is at the new rate", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { seller, buyer, buyerName, priceCents, listingId } = await fundedSaleInBrowser(browser, baseURL!, 1280, 'fee');
  const admin = await person(browser, baseURL!);
  let before: number | undefined;
  try {
    await signUpInBrowser(admin.page, admin.context, 'feeadm');
    await makeAdmin((await api<{ id: string }>(admin.page, 'GET', '/api/me')).id);
    before = (await api<{ settings: { platformFeeBasisPoints: number } }>(admin.page, 'GET', '/api/admin/settings'))
      .settings.platformFeeBasisPoints;
    await admin.page.goto('/admin?tab=general');
    const general = admin.page.getByRole('region', { name: 'General' });
    await general.getByLabel('Platform fee (%)').fill('3.5');
    await general.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.page.getByText('Settings Saved')).toBeVisible();
    // Every function's copy of the settings lasts SETTINGS_CACHE_SECONDS, 1 s on the local stack (decision 063).
    await admin.page.waitForTimeout(1_100);

    // The seller's fee for the order is quoted when they first act on it: at 3.5 %, not the 2.5 % it was.
    const { trackingNumber } = await carrier<{ trackingNumber: string }>('POST', 'parcels', {
      fromZip: '78701',
      toZip: '94105',
      weightLb: 2,
    });
    const s = seller.page;
    await s.goto(`/item/${listingId}`);
    const sale = s
      .getByRole('main')
      .getByRole('region', { name: 'Escrow' })
      .getByRole('article', { name: `Sale to ${buyerName}` });
    await sale.getByText('Or enter a FedEx tracking number of your own').click();
    await sale.getByRole('textbox', { name: 'FedEx Tracking Number' }).fill(trackingNumber);
    await sale.getByRole('button', { name: 'Add Tracking' }).click();
    const feeDialog = s.getByRole('dialog', { name: 'Pay the Platform Fee' });
    await expect(feeDialog.getByText(`3.5% of ${formatUsd(priceCents)}`)).toBeVisible();
    const feeCents = Math.floor((priceCents * 350 + 5_000) / 10_000);
    await expect(feeDialog.getByText(`${formatUsd(feeCents)} RLUSD`)).toBeVisible();
  } finally {
    // The stack's other journeys quote at the fee they expect.
    if (before !== undefined) {
      await api(admin.page, 'PUT', '/api/admin/settings', { platformFeeBasisPoints: before }).catch(() => undefined);
    }
    await Promise.all([admin.context.close(), seller.context.close(), buyer.context.close()]);
  }
});
