import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../scripts/smoke';
import { itemPage, securityHeaders, type SmokeContext } from '../../../scripts/smoke/checks';
import { createStaticWeb } from '../../../infra/local/static-web';
import type { ListingCard } from '../../../shared/api/listings';

/**
 * A site that answers its health without the security headers and never answers anything else (a hung origin):
 * every check reports within its time limit, and the command fails.
 */
let server: http.Server;
let url: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/api/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok","dependencies":[]}');
    }
  });
  // A socket upgrade is left hanging too (upgraded sockets leave the server's connections: closed at the end).
  server.on('connection', (socket) => sockets.add(socket));
  server.on('upgrade', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('npm run smoke', () => {
  it('reports every check on its own line within its time limit, and exits 1 when any fails', async () => {
    const lines: string[] = [];
    const started = Date.now();
    const code = await main(['--url', `${url}/some/page`, '--timeout', '300'], (line) => lines.push(line));
    expect(code).toBe(1);
    // Five checks wait out their limit; the item checks fail at once without a listing.
    expect(Date.now() - started).toBeLessThan(5_000);
    const byName = Object.fromEntries(
      lines.slice(0, -1).map((l) => {
        const m = /^(\w+)\s+([\w-]+)\s+(\d+) ms {2}(.*)$/.exec(l)!;
        return [m[2], `${m[1]} ${m[4]}`];
      }),
    );
    expect(byName).toEqual({
      health: 'ok 0 dependencies ok',
      browse: 'FAIL timed out after 300 ms',
      'item-api': 'FAIL no listing to check: browse failed or returned none',
      'item-page': 'FAIL no listing to check: browse failed or returned none',
      search: 'FAIL no listing to check: browse failed or returned none',
      socket: 'FAIL timed out after 300 ms',
      'sign-in': 'FAIL timed out after 300 ms',
      'security-headers':
        "FAIL /api/health: content-security-policy is missing, want default-src 'self'; script-src 'self'; " +
        "object-src 'none'; frame-ancestors 'none'; /api/health: x-content-type-options is missing, want nosniff; " +
        '/api/health: x-frame-options is missing, want DENY; /api/health: referrer-policy is missing, want ' +
        'strict-origin-when-cross-origin',
    });
    expect(lines.at(-1)).toMatch(new RegExp(`^smoke FAILED: 1 of 8 checks passed in \\d+ ms against ${url}$`));
  });

  it('answers its usage with exit code 2 without a site, or with a bad limit', async () => {
    const printed: string[] = [];
    expect(await main([], (l) => printed.push(l))).toBe(2);
    expect(await main(['--url', url, '--timeout', 'soon'], (l) => printed.push(l))).toBe(2);
    expect(await main(['--url', 'ftp://example.com'], (l) => printed.push(l))).toBe(2);
    expect(await main(['--nope'], (l) => printed.push(l))).toBe(2);
    expect(printed.every((p) => p.includes('Usage: npm run smoke -- --url <site>'))).toBe(true);
  });
});

describe('the item page and security headers checks', () => {
  it("pass on the app's document served as the site serves it, and fail on a page that is not the app", async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const web = createStaticWeb(webDir);
    const site = http.createServer((req, res) => web(req, res));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const ctx: SmokeContext = {
      site: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
      listing: { id: '01JLISTING', title: 'Walnut desk' } as ListingCard,
      documentHeaders: null,
      allowEmpty: false,
    };
    const signal = new AbortController().signal;
    try {
      expect(await itemPage(ctx, signal)).toBe('/item/01JLISTING');
      expect(await securityHeaders(ctx, signal)).toBe('the item page and /api/health (plain HTTP: no HSTS expected)');
      fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><p>Parked domain</p>');
      await expect(itemPage(ctx, signal)).rejects.toThrow("GET /item/01JLISTING is not the app's document (no #root)");
    } finally {
      site.closeAllConnections();
      await new Promise((resolve) => site.close(resolve));
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
