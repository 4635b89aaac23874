import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from '../../scripts/ensure-chromium';

/**
 * Browser tests: Debian's Chromium (its headless shell) against the whole local stack (seeded, serving the built web
 * app), which the global setup starts on a free port. The URL reaches the tests through E2E_BASE_URL (see fixtures.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The longest journeys take 15-18 s alone; `npm test` runs them beside the vitest lanes on two cores (decision 048).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  outputDir: '../../test-results/e2e',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its actions, console and network. Without the screencast and DOM snapshots: recording them
    // took more CPU than Chromium itself spent on the app (error-context.md still shows the page as it was).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
