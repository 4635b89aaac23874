import { makeAdmin } from './admin';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { api, person } from './people';
import { fundedSaleInBrowser, shipAndDeliver } from './shipped-sale';
import { signUpInBrowser } from './sign-up';

test('an administrator on a phone releases a disputed order from the Cases tab with a written reason both parties see', async ({
  browser,
  baseURL,
}) => {
  // An administrator (on a phone) signs up while the buyer buys.
  const admin = await person(browser, baseURL!, 360);
  const a = admin.page;
  const [sale] = await Promise.all([
    fundedSaleInBrowser(browser, baseURL!, 1280, 'ad'),
    signUpInBrowser(a, admin.context, 'adadm').then(async () =>
      makeAdmin((await api<{ id: string }>(a, 'GET', '/api/me')).id),
    ),
  ]);
  const { seller, buyer, b, bMain, title, purchaseUrl } = sale;
  const orderId = purchaseUrl.split('/').pop()!;
  try {
    await shipAndDeliver(seller.page, baseURL!, orderId);
    // The buyer reports the issue (its dialog is the dispute journey's).
    const description = 'The radio does not turn on.';
    await api(b, 'POST', `/api/orders/${orderId}/dispute`, { reason: 'not_as_described', description });

    await a.goto('/admin?tab=cases');
    const cases = a.getByRole('region', { name: 'Cases' });
    await cases.getByRole('button', { name: `Review dispute: ${title}` }).click();
    const c = cases.getByRole('article', { name: `Dispute: ${title}` });
    await expect(c.getByText(description, { exact: true })).toBeVisible();
    await expect(c.getByText('Dispute opened')).toBeVisible();
    // Usable on the phone: nothing wider than its 360 px.
    const width = () => a.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(360);
    expect(
      await axeViolations(a, ['label', 'button-name', 'image-alt', 'label-content-name-mismatch', 'color-contrast']),
    ).toEqual([]);
    const reason = 'The seller showed the radio working before it was packed.';
    await c.getByRole('textbox', { name: /Reason/ }).fill(reason);
    await c.getByRole('button', { name: 'Release', exact: true }).click();
    const confirm = a.getByRole('dialog', { name: /^Release the payment to / });
    await confirm.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(a.getByText('Case Resolved')).toBeVisible();
    await expect(cases.getByText('No open cases.').or(cases.getByRole('list', { name: 'Open cases' }))).toBeVisible();
    await expect(cases.getByRole('button', { name: `Review dispute: ${title}` })).toHaveCount(0);
    expect(await width()).toBeLessThanOrEqual(360);

    // The buyer's purchase and the seller's sale both show the decision and its reason.
    await Promise.all(
      [b, seller.page].map(async (page) => {
        await page.goto(purchaseUrl);
        const issue = page.getByRole('main').getByRole('region', { name: 'Issue' });
        await expect(issue.getByText(/^Resolved: the payment was released to /)).toBeVisible({ timeout: 15_000 });
        await expect(issue.getByText(reason)).toBeVisible();
      }),
    );
    await expect(bMain.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } finally {
    await Promise.all([seller.context.close(), buyer.context.close(), admin.context.close()]);
  }
});
