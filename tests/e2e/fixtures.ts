import { randomInt } from 'node:crypto';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { TEST_VIEWER_ADDRESS_HEADER } from '../../infra/local/api-event';

/**
 * Each person the tests play arrives from their own address, as people do, so the per-address limits of the sign-in
 * routes (10 a minute) count one person's requests, not the whole suite's (decision 067).
 */
export function viewerAddressHeader(): Record<string, string> {
  return { [TEST_VIEWER_ADDRESS_HEADER]: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

/**
 * The stack's URL is only known after the global setup ran, so it comes from the environment the workers inherit
 * rather than from the config file, which the main process evaluates before the setup.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture arguments from the destructuring
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: the e2e global setup did not start the local stack');
    await use(url);
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  extraHTTPHeaders: async ({}, use) => use(viewerAddressHeader()),
});

export { expect };

/** A home page section by its heading. */
export function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The listing cards inside a container. */
export function cards(scope: Page | Locator): Locator {
  return scope.getByRole('article');
}
