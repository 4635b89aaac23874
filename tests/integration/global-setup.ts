import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The Xaman stand-in (its POST /_test/clock is on) and the key sessions and tickets are signed with. */
    xamanUrl: string;
    sessionSigningKey: string;
    /** DynamoDB Local, for tests that check what a request left in the table. */
    dynamoEndpoint: string;
    /** The carrier stand-in (FedEx's APIs, its page and /_control/ API to move parcels on). */
    carrierUrl: string;
    /** The XRPL node stand-in (WebSocket), for tests that read the ledger with the xrpl client. */
    ledgerUrl: string;
    rlusdIssuer: string;
  }
}

/**
 * Starts the local stack once for the integration project: free port, fresh data dir, demo data when the seeder exists,
 * no web app. Tests reach it with `inject('baseUrl')`.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-it-'));
  const seed = fs.existsSync(path.resolve(import.meta.dirname, '../../infra/local/seed/index.ts'));
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    seed,
    webDir: null,
    ledgerPort: 0,
    xamanPort: 0,
    productsPort: 0,
    carrierPort: 0,
    testControls: true,
  });
  project.provide('baseUrl', stack.url);
  project.provide('xamanUrl', stack.env.XAMAN_API_URL!);
  project.provide('sessionSigningKey', stack.env.SESSION_SIGNING_KEY!);
  project.provide('dynamoEndpoint', stack.env.AWS_ENDPOINT_URL_DYNAMODB!);
  project.provide('carrierUrl', stack.env.CARRIER_API_URL!);
  project.provide('ledgerUrl', stack.env.XRPL_URL!);
  project.provide('rlusdIssuer', stack.env.RLUSD_ISSUER!);
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
