import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import QRCode from 'qrcode';
import { loopbackOrigins, originOf, refuseCrossSite, type Refusal } from '../cross-site';
import { DevWallets } from './dev-wallets';
import { LedgerLink } from './ledger-link';
import { PayloadStore } from './payload-store';
import { createPlatformApi } from './platform-api';
import { createSignPage } from './sign-page';
import { createStatusSockets } from './status-socket';
import { createWebhooks } from './webhooks';

export interface XamanServiceOptions {
  /** Default 7007; 0 picks a free port. */
  port?: number;
  host?: string;
  /** What next.always, the QR image and the status socket point at; default http://host:port. */
  publicUrl?: string;
  dataDir: string;
  apiKey: string;
  apiSecret: string;
  /** The XRPL node (WebSocket) transactions are completed against. */
  ledgerUrl: string;
  /** The ledger's faucet (POST { destination }) that funds dev wallets. */
  faucetUrl: string;
  rlusdIssuer: string;
  /** Print what happens (wallet funding, signatures); never seeds. */
  log?: boolean;
  /** How many dev wallets to have funded at start; default 3. */
  devWallets?: number;
  /** Test clock; default the real one. */
  now?: () => Date;
  /**
   * Tests of a whole stack: POST /_test/clock { advanceSeconds } moves this service's clock ahead (payload expiry),
   * since a test runner cannot reach into the stack's process. Never on for `npm start`.
   */
  testClock?: boolean;
}

export interface XamanService {
  url: string;
  port: number;
  /** The application's webhook URL: resolved payloads are POSTed there, signed with the API secret; null: none. */
  setWebhookUrl(url: string | null): void;
  /** Dev wallets whose keys the local stack knows (the demo sellers'), funded in the background; settles when funded. */
  adoptWallets(wallets: readonly { seed: string; label: string }[]): Promise<void>;
  /** Settles once the first dev wallets are funded (or the service stopped first); never rejects. */
  walletsReady: Promise<void>;
  stop(): Promise<void>;
}

const EXPIRY_SWEEP_MS = 1000;
const WALLET_RETRY_MS = 3000;
const APP_NAME = 'RLUSD Marketplace (local)';
const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const QR_ROUTE = new RegExp(`^/sign/${UUID}_q\\.(png|json)$`);
const PAGE_ROUTE = new RegExp(`^/sign/${UUID}(?:/(approve|reject|wallets))?$`);

/**
 * The local stand-in for the Xaman platform: the REST API xumm-sdk calls, the payload status socket, the QR image and
 * the sign page (the phone app's stand-in) with its dev wallets. Payloads and wallets persist under <dataDir>/xaman.
 */
async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startXamanService(opts: XamanServiceOptions): Promise<XamanService> {
  const host = opts.host ?? '127.0.0.1';
  const dir = path.join(opts.dataDir, 'xaman');
  const log = opts.log ? (m: string) => console.log(`[xaman] ${m}`) : () => undefined;
  let clockOffsetMs = 0;
  const baseNow = opts.now ?? (() => new Date());
  const store = new PayloadStore(dir, () => new Date(baseNow().getTime() + clockOffsetMs));
  const ledger = new LedgerLink(opts.ledgerUrl);
  const wallets = new DevWallets({ dir, ledger, faucetUrl: opts.faucetUrl, rlusdIssuer: opts.rlusdIssuer, log });

  const server = http.createServer();
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 7007, host, () => resolve((server.address() as AddressInfo).port));
  });
  const url = (opts.publicUrl ?? `http://${host}:${port}`).replace(/\/$/, '');

  let stopped = false;
  let preparing = true;
  const walletsReady = (async () => {
    while (!stopped) {
      try {
        await wallets.ensure(opts.devWallets ?? 3);
        preparing = false;
        return;
      } catch (error) {
        if (stopped) return;
        log(`dev wallets not ready yet (${(error as Error).message}); retrying`);
        await new Promise((r) => setTimeout(r, WALLET_RETRY_MS).unref());
      }
    }
  })();

  const appUuid = randomUUID();
  let webhookUrl: string | null = null;
  const webhooks = createWebhooks(store, { appUuid, apiSecret: opts.apiSecret, log });
  const api = createPlatformApi({
    appUuid,
    webhookUrl: () => webhookUrl ?? '',
    store,
    apiKey: opts.apiKey,
    apiSecret: opts.apiSecret,
    publicUrl: url,
    appName: APP_NAME,
    ledgerUrl: opts.ledgerUrl,
  });
  const page = createSignPage({ store, wallets, ledger, appName: APP_NAME, preparing: () => preparing, log });
  const status = createStatusSockets(store);

  const fail = (res: http.ServerResponse) => (error: unknown) => {
    console.error('xaman stand-in: request failed', error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":500}}');
  };

  const ownOrigins = () => [...loopbackOrigins(port), ...originOf(url)];
  const refuse = (res: http.ServerResponse) => (r: Refusal) =>
    res.writeHead(r.status, { 'content-type': 'text/plain; charset=utf-8' }).end(r.message);

  server.on('request', (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const qr = QR_ROUTE.exec(pathname);
    const sign = PAGE_ROUTE.exec(pathname);
    if (pathname.startsWith('/api/v1/platform/')) {
      api(req, res, pathname).catch(fail(res));
    } else if (opts.testClock && pathname === '/_test/clock' && req.method === 'POST') {
      if (refuseCrossSite(req, res, { origins: ownOrigins, body: 'json' }, refuse(res))) return;
      void readBody(req)
        .then((body) => {
          const seconds = Number((JSON.parse(body || '{}') as { advanceSeconds?: unknown }).advanceSeconds);
          if (!Number.isInteger(seconds) || seconds < 0) {
            res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"advanceSeconds"}');
            return;
          }
          clockOffsetMs += seconds * 1000;
          store.sweepExpired();
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ offsetMs: clockOffsetMs }));
        })
        .catch(fail(res));
    } else if (sign) {
      // The sign page's forms: only from the page itself, never from another site's (decision 077).
      if (req.method === 'POST' && refuseCrossSite(req, res, { origins: ownOrigins, body: 'form' }, refuse(res)))
        return;
      page(req, res, sign[1]!, sign[2] ?? null).catch(fail(res));
    } else if (qr && store.get(qr[1]!)) {
      req.resume();
      const always = `${url}/sign/${qr[1]}`;
      if (qr[2] === 'json') {
        const { modules } = QRCode.create(always, { errorCorrectionLevel: 'M' });
        const matrix = Array.from({ length: modules.size }, (_, y) =>
          Array.from({ length: modules.size }, (__, x) => (modules.get(y, x) ? 1 : 0)),
        );
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ uuid: qr[1], matrix }));
        return;
      }
      QRCode.toBuffer(always, { type: 'png', width: 256, margin: 2 })
        .then((png) => res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(png))
        .catch(fail(res));
    } else if (pathname === '/health') {
      req.resume();
      const list = wallets.list();
      const body = { status: 'ok', devWallets: { total: list.length, funded: list.filter((w) => w.funded).length } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } else {
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  });
  server.on('upgrade', (req, socket, head: Buffer) => {
    const match = PAGE_ROUTE.exec((req.url ?? '').split('?')[0]!);
    if (!match || match[2]) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    status.handleUpgrade(req, socket, head, match[1]!);
  });
  const sweep = setInterval(() => store.sweepExpired(), EXPIRY_SWEEP_MS);
  log(`Xaman stand-in at ${url} (ledger ${opts.ledgerUrl})`);

  return {
    url,
    port,
    walletsReady,
    adoptWallets: (list) => walletsReady.then(() => wallets.adopt(list)),
    setWebhookUrl: (next) => {
      webhookUrl = next;
      webhooks.setUrl(next);
    },
    stop: async () => {
      stopped = true;
      webhooks.close();
      clearInterval(sweep);
      status.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await ledger.close().catch(() => undefined);
      // A funding step in flight fails once the ledger link is closed; do not wait long for it.
      await Promise.race([walletsReady, new Promise((r) => setTimeout(r, 2000).unref())]);
    },
  };
}
