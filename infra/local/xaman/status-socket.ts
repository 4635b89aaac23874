import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { returnUrls, type PayloadEvent, type PayloadStore, type StoredPayload } from './payload-store';

/** How often a connected client is told the remaining lifetime, as Xaman does. */
const TICK_MS = 15_000;

/** The resolve message (XummWebsocketBody): what createAndSubscribe's callback waits for. */
function resolvedMessage(p: StoredPayload) {
  return {
    payload_uuidv4: p.uuid,
    reference_call_uuidv4: randomUUID(),
    signed: p.state === 'signed',
    user_token: false,
    return_url: returnUrls(p),
    custom_meta: p.customMeta,
    txid: p.response?.txid ?? null,
  };
}

/**
 * The payload status socket at /sign/<uuid>: a welcome, lifetime ticks, `opened`, `devapp_fetched`, the resolve message
 * (signed or rejected) and `expired` (also on cancel), plus the keepalive reply xumm-sdk expects to its `{"ping":true}`.
 * Like Xaman it leaves closing to the client.
 */
export function createStatusSockets(store: PayloadStore) {
  const wss = new WebSocketServer({ noServer: true });
  const byPayload = new Map<string, Set<WebSocket>>();
  const sendTo = (uuid: string, body: unknown) => {
    for (const socket of byPayload.get(uuid) ?? []) socket.send(JSON.stringify(body));
  };

  const onEvent = (e: PayloadEvent) => {
    const p = store.get(e.uuid);
    if (!p) return;
    if (e.kind === 'opened') sendTo(e.uuid, { opened: true });
    if (e.kind === 'fetched') sendTo(e.uuid, { devapp_fetched: true });
    if (e.kind === 'expired') sendTo(e.uuid, { expired: true });
    if (e.kind === 'resolved') sendTo(e.uuid, resolvedMessage(p));
  };
  store.on('event', onEvent);

  function attach(socket: WebSocket, p: StoredPayload): void {
    const set = byPayload.get(p.uuid) ?? new Set();
    set.add(socket);
    byPayload.set(p.uuid, set);
    socket.send(JSON.stringify({ message: `Welcome ${p.uuid}` }));
    if (p.state === 'signed' || p.state === 'rejected') socket.send(JSON.stringify(resolvedMessage(p)));
    else if (!store.canResolve(p)) socket.send(JSON.stringify({ expired: true }));
    else socket.send(JSON.stringify({ expires_in_seconds: store.expiresInSeconds(p) }));
    const tick = setInterval(() => {
      const now = store.get(p.uuid);
      if (now?.state === 'pending') socket.send(JSON.stringify({ expires_in_seconds: store.expiresInSeconds(now) }));
    }, TICK_MS);
    socket.on('message', (data) => {
      try {
        if ((JSON.parse(String(data)) as { ping?: boolean }).ping) {
          socket.send(JSON.stringify({ message: 'Right back at you!' }));
        }
      } catch {
        // Xaman ignores what it cannot parse.
      }
    });
    socket.on('close', () => {
      clearInterval(tick);
      set.delete(socket);
    });
  }

  return {
    /** Takes the upgrade; for an unknown payload says so and closes, as Xaman does. */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, uuid: string): void {
      wss.handleUpgrade(req, socket, head, (ws) => {
        const p = store.get(uuid);
        if (p) {
          attach(ws, p);
          return;
        }
        ws.send(JSON.stringify({ message: `Payload ${uuid} not found` }));
        ws.close(1000);
      });
    },
    close(): void {
      store.off('event', onEvent);
      for (const set of byPayload.values()) for (const s of set) s.terminate();
      wss.close();
    },
  };
}
