import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** A rippled error answer (`status: 'error'`), e.g. actNotFound. */
export class RpcError {
  constructor(
    readonly error: string,
    readonly message = error,
  ) {}
}

export type Request = { id: unknown; command: string } & Record<string, unknown>;
/** Returns the `result`, a RpcError, 'drop' to cut the connection without answering, or 'silent' never to answer. */
export type Handler = (request: Request, socket: WebSocket) => unknown;

/** What the xrpl Client asks by itself: server_info right after connecting (network id), ping as heartbeat. */
const DEFAULTS: Record<string, Handler> = {
  ping: () => ({}),
  server_info: () => ({ info: { build_version: 'fake', server_state: 'full', validated_ledger: { seq: 1 } } }),
};

/**
 * A rippled stand-in for unit tests: a WebSocket server answering the JSON API in the shape the xrpl Client reads,
 * from per-command handlers the test sets, recording every request.
 */
export async function startFakeRippled(handlers: Record<string, Handler> = {}, port = 0) {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  await once(server, 'listening');
  const requests: Request[] = [];
  let connections = 0;
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as Request;
      requests.push(request);
      const handler = handlers[request.command] ?? DEFAULTS[request.command];
      const out = handler ? handler(request, socket) : new RpcError('unknownCmd', 'Unknown method.');
      if (out === 'drop') {
        socket.terminate();
        return;
      }
      if (out === 'silent') return;
      const reply =
        out instanceof RpcError
          ? { id: request.id, type: 'response', status: 'error', error: out.error, error_message: out.message, request }
          : { id: request.id, type: 'response', status: 'success', result: out };
      socket.send(JSON.stringify(reply));
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${address.port}`,
    port: address.port,
    handlers,
    requests,
    commands: (command: string) => requests.filter((r) => r.command === command),
    get connections() {
      return connections;
    },
    close: async () => {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeRippled = Awaited<ReturnType<typeof startFakeRippled>>;
