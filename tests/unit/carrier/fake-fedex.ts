import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** 'hang' never answers; 'drop' closes the connection without an answer (a stale keep-alive socket). */
export type Reply = { status: number; body: unknown } | 'hang' | 'drop';
export type Responder = (req: SeenRequest) => Reply;

/** A programmable server in FedEx's place: each request is recorded and answered by the test's responder. */
export async function startFakeFedex(responder: Responder) {
  const seen: SeenRequest[] = [];
  let respond = responder;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: SeenRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(r);
      const reply = respond(r);
      if (reply === 'hang') return;
      if (reply === 'drop') return void req.socket.destroy();
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** Requests to a path (query ignored). */
    to: (path: string) => seen.filter((r) => r.path.split('?')[0] === path),
    setResponder(next: Responder) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeFedex = Awaited<ReturnType<typeof startFakeFedex>>;

export const token = (n: number, expiresIn = 3599): Reply => ({
  status: 200,
  body: { access_token: `token-${n}`, token_type: 'bearer', expires_in: expiresIn, scope: 'CXS-TP' },
});

export const fedexError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { transactionId: '624deea6-b709-470c-8c39-4b5511281492', errors: [{ code, message }] },
});
