import { inject } from 'vitest';
import WebSocket from 'ws';
import { serverSocketMessageSchema, type ServerSocketMessage } from '../../shared/events';
import { call } from './auth-support';

/** A one-time ticket that opens a socket in the token's session (decision 078). */
export async function socketTicket(token: string): Promise<string> {
  const res = await call<{ ticket: string }>('POST', '/api/realtime/tickets', { token, body: {} });
  if (res.status !== 201) throw new Error(`socket ticket: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.ticket;
}

/**
 * One socket of the app (opened with a ticket of the token's session when a token is given) that keeps every frame,
 * parsed with the shared schema.
 */
export async function openSocket(token?: string) {
  const query = token === undefined ? '' : `?ticket=${encodeURIComponent(await socketTicket(token))}`;
  const ws = new WebSocket(`${inject('baseUrl').replace('http', 'ws')}/ws${query}`);
  const frames: ServerSocketMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(serverSocketMessageSchema.parse(JSON.parse(String(data))));
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let read = 0;
  /** The next frame not yet read. */
  const next = async (timeoutMs = 10_000): Promise<ServerSocketMessage> => {
    const deadline = Date.now() + timeoutMs;
    while (frames.length <= read) {
      if (Date.now() > deadline) throw new Error('no frame in time');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return frames[read++]!;
  };
  const send = (data: string | Buffer) => ws.send(data);
  return { ws, frames, next, send, close: () => ws.close() };
}
