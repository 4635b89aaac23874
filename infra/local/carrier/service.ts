import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { loopbackOrigins, refuseCrossSite, type Refusal } from '../cross-site';
import { requestUrl } from '../request-url';
import { CONTROL_PREFIX, createControlApi } from './control-api';
import { createFedexApi } from './fedex-api';
import { sendFedexError } from './http-io';
import { createPage } from './page';
import { ParcelStore, type ParcelRecord } from './parcel-store';
import { TokenIssuer, type ClientCredentials } from './tokens';
import { WebhookSender } from './webhooks';

export interface CarrierServiceOptions {
  /** Default 7020; 0 picks a free port. */
  port?: number;
  host?: string;
  /** Parcels persist in <dataDir>/carrier/parcels.json. */
  dataDir: string;
  /** The FedEx account number requests must name. */
  accountNumber: string;
  /** The project's API key and secret (OAuth client id and secret). */
  client: ClientCredentials;
  /** A separate Track key pair: Track then takes only its tokens, as at FedEx. */
  trackClient?: ClientCredentials;
  /** The webhook's security token (HMAC key of fdx-signature). */
  webhookSecret: string;
  /** Where scan webhooks go; none by default (PUT /_control/webhook sets it). */
  webhookUrl?: string | null;
  webhookRetryDelaysMs?: readonly number[];
  log?: boolean;
  /** The parcels' clock (ship dates, scans); the local stack gives it the functions' clock, which tests move. */
  now?: () => Date;
}

export interface CarrierService {
  url: string;
  port: number;
  /** Where scan webhooks go from now on (the local stack points them at its gateway once it is up). */
  setWebhookUrl(url: string | null): void;
  stop(): Promise<void>;
}

/**
 * The local carrier: FedEx's REST APIs (OAuth, Rate, Ship and cancel, Track) in FedEx's wire shapes, signed FedEx-style
 * webhooks on every scan, a page to make parcels and move them on, and JSON controls for tests. Bad input of any kind
 * gets a FedEx-shaped 4xx; nothing a client sends stops the server.
 */
export async function startCarrierService(opts: CarrierServiceOptions): Promise<CarrierService> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ? (m: string) => console.log(`[carrier] ${m}`) : () => undefined;
  const now = opts.now ?? (() => new Date());
  const store = new ParcelStore(path.join(opts.dataDir, 'carrier'), now, (m) => console.warn(`[carrier] ${m}`));
  // Tokens live in wall time, as the adapter's token cache does: a moved test clock must not expire them.
  const tokens = new TokenIssuer({ main: opts.client, ...(opts.trackClient && { track: opts.trackClient }) }, () =>
    Date.now(),
  );
  // A webhook that cannot be delivered is worth a line even when the stand-in is otherwise quiet.
  const webhooks = new WebhookSender({
    url: opts.webhookUrl ?? null,
    securityToken: opts.webhookSecret,
    ...(opts.webhookRetryDelaysMs && { retryDelaysMs: opts.webhookRetryDelaysMs }),
    log: (m) => console.warn(`[carrier] ${m}`),
  });
  const onScan = (parcel: ParcelRecord) => {
    log(`${parcel.trackingNumber}: ${parcel.scans[0]!.kind}`);
    void webhooks.send(parcel);
  };

  const server = http.createServer();
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 7020, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  const url = `http://${host}:${port}`;

  const fedex = createFedexApi({ store, tokens, accountNumber: opts.accountNumber, origin: () => url, now, onScan });
  const control = createControlApi({ store, tokens, webhooks, now, onScan });
  const page = createPage({ store, webhooks, now, onScan, port: () => port });

  server.on('request', (req, res) => {
    req.on('error', () => res.destroy());
    const pathname = requestUrl(req).pathname;
    const handle = async () => {
      if (pathname.startsWith(CONTROL_PREFIX)) {
        // Local controls: never from another site's page, bodies only as JSON (decision 077).
        const rules = { origins: () => loopbackOrigins(port), body: 'json' } as const;
        const refuse = (r: Refusal) =>
          sendFedexError(res, req, r.status, r.status === 403 ? 'FORBIDDEN' : 'UNSUPPORTED.MEDIA.TYPE', r.message);
        if (refuseCrossSite(req, res, rules, refuse)) return;
        return control(req, res, pathname);
      }
      if (await fedex(req, res, pathname)) return;
      if (await page(req, res, pathname)) return;
      req.resume();
      sendFedexError(res, req, 404, 'NOT.FOUND.ERROR', 'The resource you requested is no longer available.');
    };
    handle().catch((error: unknown) => {
      console.error('[carrier] request failed', error);
      if (!res.headersSent)
        sendFedexError(res, req, 500, 'INTERNAL.SERVER.ERROR', 'We encountered an unexpected error.');
      else res.destroy();
    });
  });
  log(`local carrier at ${url}`);

  return {
    url,
    port,
    setWebhookUrl: (target) => webhooks.setUrl(target),
    stop: async () => {
      webhooks.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
