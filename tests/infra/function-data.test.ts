import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIP_PLACES_FILE, zipPlacesFromPackage } from '../../functions/adapters/lookup/bundled-zip-lookup';
import { HandlerFunction, type FunctionEnvironment } from '../../infra/stacks/node-function';

const environment: FunctionEnvironment = {
  TABLE_NAME: 'marketplace',
  MEDIA_BUCKET: 'media',
  MEDIA_BASE_URL: 'https://example.invalid/media',
  WS_CALLBACK_URL: 'https://example.invalid/ws',
  LOG_LEVEL: 'info',
  XRPL_URL: 'wss://example.invalid',
  XRPL_NETWORK: 'testnet',
  RLUSD_ISSUER: 'rQhWct2fv4Vc4KRjRgMrxa8xPN9Zx9iLKV',
  RLUSD_CURRENCY: '524C555344000000000000000000000000000000',
  XAMAN_API_URL: 'https://example.invalid',
  XAMAN_API_KEY: '00000000-0000-4000-8000-000000000000',
  XAMAN_API_SECRET_ARN: '',
  queueUrls: {},
};

let outdir: string;
let assetDir: string;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'function-data-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'Lookup');
  new HandlerFunction(stack, 'LookupZip', { handler: 'http/lookup/lookup-zip', environment });
  const { directory } = app.synth();
  const bundle = readdirSync(directory).find((d) => existsSync(path.join(directory, d, 'index.mjs')));
  assetDir = path.join(directory, bundle!);
}, 120_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the ZIP lookup function', () => {
  it('gets the ZIP data as a file next to its bundle, not in its code', () => {
    expect(readFileSync(path.join(assetDir, ZIP_PLACES_FILE), 'utf8')).toBe(zipPlacesFromPackage());
    expect(statSync(path.join(assetDir, 'index.mjs')).size).toBeLessThan(1024 * 1024);
    expect(existsSync(path.join(assetDir, 'node_modules'))).toBe(false);
  });
});
