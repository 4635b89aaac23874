/**
 * A message shown in the other party's open chat: from the sender's POST to the frame carrying it on the recipient's
 * socket. A fresh local stack; a seller with an open chat (one authenticated socket through the local WebSocket gateway,
 * subscribed to its user topic, reading each conversation as a new message arrives, as the open chat does) and 10
 * buyers, each with a conversation with the seller, taking turns (each stays within its per-user send limit). Every
 * message goes the whole way: the send's transaction, the events queue, the consumer's fan-out, and (the chat read it)
 * a 'message' notification each time. `npx tsx tests/bench/message-push.ts [--write]` runs it alone (`--write` puts its
 * rows into docs/bench.md); `npm run bench` runs it in a child process.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { ulid } from 'ulid';
import WebSocket from 'ws';
import { Wallet } from 'xrpl';
import { serverSocketMessageSchema } from '../../shared/events';
import { startBareStack, type BareStack } from './bare-stack';
import { runAlone } from './bench-doc';
import { percentile } from './percentile';

const BUYERS = 10;
const WARM_UP = 10;
const MESSAGES = 200;

export interface MessagePush {
  messages: number;
  p50: number;
  p95: number;
  max: number;
  /** Messages whose frame did not arrive within 10 s. */
  missed: number;
  /** The send's own answer (POST to its 201), p50 / p95: the rest of a sample is the queue and the fan-out. */
  answeredP50: number;
  answeredP95: number;
  /** The machine's 1-minute load average when the timed sends began and ended (it is shared with other work). */
  load: [number, number];
}

interface Person {
  userId: string;
  token: string;
}

async function person(name: string): Promise<Person> {
  const { accounts, sessionDeps } = await import('../../functions/wiring/auth');
  const { openSession } = await import('../../functions/core/auth/sessions');
  const userId = ulid();
  const created = await accounts().create({
    userId,
    username: `${name}_${userId.slice(-6)}`.toLowerCase(),
    walletAddress: Wallet.generate().classicAddress,
    role: 'user',
    createdAt: new Date().toISOString(),
  });
  if (!created.ok) throw new Error(`account ${name}: ${created.reason}`);
  return { userId, token: (await openSession(userId, sessionDeps())).token };
}

async function post<T>(stack: BareStack, who: Person, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function messagePush(): Promise<MessagePush> {
  const stack = await startBareStack('message-push');
  let ws: WebSocket | undefined;
  try {
    const seller = await person('seller');
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => person(`buyer${i}`)));
    const conversations = await Promise.all(
      buyers.map(
        async (b) =>
          (
            await post<{ conversation: { id: string } }>(stack, b, '/api/me/conversations', {
              sellerId: seller.userId,
            })
          ).conversation.id,
      ),
    );

    // The seller's open chat: frames keyed by the message's text, with when each arrived.
    const arrived = new Map<string, number>();
    let wake: (() => void) | undefined;
    // The socket opens with a one-time ticket, as the browser does (decision 078).
    const { ticket } = await post<{ ticket: string }>(stack, seller, '/api/realtime/tickets', {});
    ws = new WebSocket(`${stack.url.replace('http', 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
    const socket = ws;
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const subscribed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const at = performance.now();
        const m = serverSocketMessageSchema.parse(JSON.parse(String(data)));
        if (m.type === 'subscribed') resolve();
        if (m.type === 'event' && m.event.type === 'message.created') arrived.set(m.event.data.message.content, at);
        wake?.();
      });
    });
    socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${seller.userId}` }));
    await subscribed;
    const frameOf = async (content: string, timeoutMs: number) => {
      const until = performance.now() + timeoutMs;
      while (!arrived.has(content) && performance.now() < until) {
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 20);
        });
      }
      return arrived.get(content);
    };

    const samples: number[] = [];
    const answered: number[] = [];
    const loadBefore = os.loadavg()[0]!;
    let missed = 0;
    for (let n = 0; n < WARM_UP + MESSAGES; n++) {
      const i = n % BUYERS;
      const content = `Is it still available? (${n} ${randomUUID()})`;
      const sent = performance.now();
      await post(stack, buyers[i]!, `/api/me/conversations/${conversations[i]}/messages`, { content });
      const answer = performance.now() - sent;
      const at = await frameOf(content, 10_000);
      // The open chat reads what arrived (so the next message rings the bell again).
      await post(stack, seller, `/api/me/conversations/${conversations[i]}/read`, {});
      if (n < WARM_UP) continue;
      answered.push(answer);
      if (at === undefined) missed++;
      else samples.push(at - sent);
    }
    samples.sort((a, b) => a - b);
    answered.sort((a, b) => a - b);
    return {
      load: [loadBefore, os.loadavg()[0]!],
      answeredP50: percentile(answered, 50),
      answeredP95: percentile(answered, 95),
      messages: MESSAGES,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      max: samples.at(-1) ?? NaN,
      missed,
    };
  } finally {
    ws?.terminate();
    await stack.dispose();
  }
}

export const MESSAGE_PUSH_ROW_PREFIX = '| message to an open chat:';

export function messagePushRows(r: MessagePush): string {
  return [
    `${MESSAGE_PUSH_ROW_PREFIX} send (POST) -> frame on the other party's socket, p50 / p95 (n=${r.messages}; load average ${r.load.map((l) => l.toFixed(1)).join(' → ')}) | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms | p95 ≤ 150 ms |`,
    `${MESSAGE_PUSH_ROW_PREFIX} the send's own answer (POST to 201), p50 / p95 | ${r.answeredP50.toFixed(1)} / ${r.answeredP95.toFixed(1)} ms | |`,
    `${MESSAGE_PUSH_ROW_PREFIX} frames not received within 10 s, slowest | ${r.missed}, ${r.max.toFixed(1)} ms | 0 |`,
  ].join('\n');
}

export const messagePushNotes = `Message to an open chat: a fresh local stack; a seller's socket (authenticated, through the local WebSocket gateway)
subscribed to its user topic, and ${BUYERS} buyers each with a conversation with the seller, sending in turn (within the
per-user send limit); each sample runs from the start of the send's POST to the \`message.created\` frame on the seller's
socket (the send's transaction, the events queue, its poller and the consumer's fan-out), after ${WARM_UP} warm-up
messages; after each frame the seller reads the conversation as the open chat does, so every message also rings the
bell (a notification stored and pushed). The HTTP client, the socket and the stack share one Node process. The row gives
the machine's 1-minute load average as the timed sends began and ended: the 2 cores may be shared with other work.`;

await runAlone(
  import.meta.url,
  () => messagePush(),
  (r) => ({ prefix: MESSAGE_PUSH_ROW_PREFIX, rows: messagePushRows(r), notes: messagePushNotes }),
);
