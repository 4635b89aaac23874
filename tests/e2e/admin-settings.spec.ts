import { makeAdmin } from './admin';
import { expect, test } from './fixtures';
import { api, person } from './people';
import { signUpInBrowser } from './sign-up';

test('an administrator sets an announcement on the General tab and a visitor sees it until they dismiss it', async ({
  browser,
  baseURL,
}) => {
  const admin = await person(browser, baseURL!);
  const visitor = await person(browser, baseURL!, 360);
  const message = `Fees drop on Monday ${Date.now()}`;
  try {
    await signUpInBrowser(admin.page, admin.context, 'gsadm');
    await makeAdmin((await api<{ id: string }>(admin.page, 'GET', '/api/me')).id);
    await admin.page.goto('/admin?tab=general');
    const general = admin.page.getByRole('region', { name: 'General' });
    await general.getByLabel('Announcement message').fill(message);
    await general.getByRole('button', { name: 'Save Settings' }).click();
    await expect(admin.page.getByText('Settings Saved')).toBeVisible();

    await visitor.page.goto('/');
    const banner = visitor.page.getByRole('region', { name: 'Announcement' });
    await expect(banner.getByText(message)).toBeVisible();
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(banner).toBeHidden();
    const settingsRead = visitor.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/settings');
    await visitor.page.reload();
    await settingsRead;
    await expect(visitor.page.getByText(message)).toBeHidden();
  } finally {
    // The stack's other journeys see no banner.
    await api(admin.page, 'PUT', '/api/admin/settings', { announcementMessage: '' }).catch(() => undefined);
    await Promise.all([admin.context.close(), visitor.context.close()]);
  }
});
