import type { Page } from '@playwright/test';

/**
 * Every CSP violation of `page`, from both places a browser reports them: the console ("Refused to ...") and the
 * `securitypolicyviolation` event (a listener added before any page script runs, on every document the page loads).
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(`event: ${violation}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (v: string) => Promise<void> }).reportCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}
