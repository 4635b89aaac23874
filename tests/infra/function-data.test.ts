import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
  PLATFORM_WALLET_ADDRESS: '',
  PLATFORM_FEE_PERCENT: '2.5',
  queueUrls: {},
};

let outdir: string;
/** The bundle directory (the zip's contents) of each function, by handler. */
const assets: Record<string, string> = {};

/** Synthesizes one function (bundling it) and returns its bundle directory: the zip's contents. */
function bundleOf(handler: string, nativeModules?: readonly string[]): string {
  const app = new App({ outdir: mkdtempSync(path.join(outdir, 'app-')) });
  new HandlerFunction(new Stack(app, 'Functions'), 'Function', { handler, environment, nativeModules });
  const { directory } = app.synth();
  const bundle = readdirSync(directory).find((d) => existsSync(path.join(directory, d, 'index.mjs')));
  return path.join(directory, bundle!);
}

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'function-data-'));
  assets['http/lookup/lookup-zip'] = bundleOf('http/lookup/lookup-zip');
  assets['jobs/make-thumbnails'] = bundleOf('jobs/make-thumbnails', ['sharp']);
  assets['http/listings/create-listing'] = bundleOf('http/listings/create-listing', ['sharp']);
}, 120_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('the ZIP lookup function', () => {
  it('gets the ZIP data as a file next to its bundle, not in its code', () => {
    const dir = assets['http/lookup/lookup-zip']!;
    expect(readFileSync(path.join(dir, ZIP_PLACES_FILE), 'utf8')).toBe(zipPlacesFromPackage());
    expect(statSync(path.join(dir, 'index.mjs')).size).toBeLessThan(1024 * 1024);
    expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
  });
});

describe('a function with a native package', () => {
  it("bundles sharp's JavaScript and loads its binary from the packages copied next to the bundle", async () => {
    const dir = assets['jobs/make-thumbnails']!;
    expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8')).not.toMatch(/from\s*["']sharp["']/);
    expect(existsSync(path.join(dir, 'node_modules/@img/sharp-libvips-linux-x64'))).toBe(true);
    // Loading the bundle loads sharp, and with it the binary; outside the repository, only the copy can provide it.
    const mod = (await import(pathToFileURL(path.join(dir, 'index.mjs')).href)) as { handler?: unknown };
    expect(typeof mod.handler).toBe('function');
  });

  it('leaves sharp out of a route that loads it for some requests, which then loads it from the copied packages', () => {
    const dir = assets['http/listings/create-listing']!;
    expect(readFileSync(path.join(dir, 'index.mjs'), 'utf8')).not.toContain('@img/sharp-linux-x64/sharp.node');
    const sharp = createRequire(path.join(dir, 'index.mjs'))('sharp') as unknown;
    expect(typeof sharp).toBe('function');
  });
});
