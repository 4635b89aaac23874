import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUpInBrowser } from './sign-up';

/**
 * WCAG 2.5.3 label in name on signed-in pages: every control named by an aria-label must have its visible text in its
 * name (axe's label-content-name-mismatch; the header's account button once failed it on every page), and every
 * button keeps a name on narrow screens too.
 */
test('signed-in pages keep visible labels in accessible names, wide and narrow', async ({ page, context }) => {
  const username = await signUpInBrowser(page, context, 'axe');
  const header = page.getByRole('banner');
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/marketplace', '/settings']) {
      await page.goto(path);
      await expect(header.getByRole('button', { name: `${username} account` })).toBeAttached();
      // The balance chip (wide screens only) is read before axe looks at its name.
      if (width >= 480) await expect(header.getByRole('link', { name: /^Wallet balance \$/ })).toBeAttached();
      const violations = await axeViolations(page, ['label-content-name-mismatch', 'button-name']);
      expect(violations, `${path} at ${width}px`).toEqual([]);
    }
  }
});
