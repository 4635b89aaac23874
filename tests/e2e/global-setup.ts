import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalStack } from '../../infra/local/stack';
import { ensureChromium } from '../../scripts/ensure-chromium';

const root = path.resolve(import.meta.dirname, '../..');

/** Held for global-teardown.ts, which runs in this same (main) process. */
export const E2E_STACK = Symbol.for('marketplace.e2e.stack');
export interface E2EStack {
  stop(): Promise<void>;
  dataDir: string;
}

/**
 * Makes sure Chromium is there, builds the web app, and starts the local stack on a free port with a fresh, seeded data
 * directory. Workers start after this and inherit E2E_BASE_URL and the stand-ins' URLs.
 */
export default async function globalSetup(): Promise<void> {
  await ensureChromium();
  const t0 = Date.now();
  const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`web build failed (exit ${build.status ?? build.signal})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-e2e-'));
  let stack: Awaited<ReturnType<typeof startLocalStack>>;
  try {
    stack = await startLocalStack({
      port: 0,
      dataDir,
      seed: true,
      webDir: path.join(root, 'web/dist'),
      ledgerPort: 0,
      xamanPort: 0,
      productsPort: 0,
      carrierPort: 0,
      // The functions' clock, for journeys that wait out a period (an inspection period: e2e/people.ts).
      testControls: true,
    });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = stack.url;
  // The local XRPL node and Xaman service the stack started, for the wallet-signing journey.
  process.env.E2E_XRPL_URL = stack.env.XRPL_URL;
  process.env.E2E_RLUSD_ISSUER = stack.env.RLUSD_ISSUER;
  process.env.E2E_XAMAN_URL = stack.env.XAMAN_API_URL;
  // The carrier stand-in, whose /_control/ API moves parcels on (picked up ... delivered).
  process.env.E2E_CARRIER_URL = stack.env.CARRIER_API_URL;
  // The stack's table, where an administrator's role is stored (e2e/admin.ts).
  process.env.E2E_DYNAMO_ENDPOINT = stack.env.AWS_ENDPOINT_URL_DYNAMODB;
  (globalThis as Record<symbol, E2EStack>)[E2E_STACK] = { stop: () => stack.stop(), dataDir };
  console.log(`e2e: web built and seeded stack up at ${stack.url} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
