import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import QRCode from 'qrcode';
import { PayloadStore } from './payload-store';
import { createPlatformApi } from './platform-api';
import { createStatusSockets } from './status-socket';

export interface XamanServiceOptions {
  /** Default 7007; 0 picks a free port. */
  port?: number;
  host?: string;
  /** What next.always, the QR image and the status socket point at; default http://host:port. */
  publicUrl?: string;
  dataDir: string;
  apiKey: string;
  apiSecret: string;
  /** Test clock; default the real one. */
  now?: () => Date;
}

export interface XamanService {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const EXPIRY_SWEEP_MS = 1000;
const UUID = '([0-9a-f-]{36})';

/**
 * The local stand-in for the Xaman platform: the REST API xumm-sdk calls, the payload status socket and the QR image.
 * Payloads persist under <dataDir>/xaman.
 */
export async function startXamanService(opts: XamanServiceOptions): Promise<XamanService> {
  const host = opts.host ?? '127.0.0.1';
  const store = new PayloadStore(path.join(opts.dataDir, 'xaman'), opts.now);
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
  const url = opts.publicUrl ?? `http://${host}:${port}`;
  const api = createPlatformApi({
    store,
    apiKey: opts.apiKey,
    apiSecret: opts.apiSecret,
    publicUrl: url,
    appName: 'RLUSD Marketplace (local)',
  });
  const status = createStatusSockets(store);

  server.on('request', (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const qr = new RegExp(`^/sign/${UUID}_q\\.png$`).exec(pathname);
    if (pathname.startsWith('/api/v1/platform/')) {
      api(req, res, pathname).catch((error: unknown) => {
        console.error('xaman stand-in: request failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":500}}');
      });
    } else if (qr && store.get(qr[1]!)) {
      QRCode.toBuffer(`${url}/sign/${qr[1]}`, { type: 'png', width: 256, margin: 2 })
        .then((png) => res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(png))
        .catch(() => res.writeHead(500).end());
    } else {
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  });
  server.on('upgrade', (req, socket, head: Buffer) => {
    const match = new RegExp(`^/sign/${UUID}$`).exec((req.url ?? '').split('?')[0]!);
    if (!match) {
      socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    status.handleUpgrade(req, socket, head, match[1]!);
  });
  const sweep = setInterval(() => store.sweepExpired(), EXPIRY_SWEEP_MS);

  return {
    url,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        status.close();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
