/**
 * The bidders of tests/bench/hot-auction.ts, in a worker thread: each bidder has its own keep-alive connection from
 * its own loopback address and at most one request in flight. A bidder bids a little above the highest price any
 * bidder has seen (as on a live page) or above its own last maximum, whichever is higher. Paced, the bidders' turns
 * are spread evenly to make `perSecond` requests a second together (a late answer delays that bidder's next turn);
 * flat out, each sends its next bid as soon as the last is answered. Every `retryEvery`-th accepted bid is sent again
 * at once with the same Idempotency-Key and body, as a browser retries.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { SentBid } from '../fixtures/hot-auction-invariant';

export interface BiddersJob {
  url: string;
  listingId: string;
  bidders: { userId: string; token: string }[];
  /** Requests a second of all bidders together; null = flat out. */
  perSecond: number | null;
  durationMs: number;
  /** A bid is 1 to `stepCents` cents above the higher of the seen price and the bidder's own maximum. */
  stepCents: number;
  startCents: number;
  retryEvery: number;
}

/** A request as sent and answered, with when it was sent and how long the answer took. */
export type TimedBid = SentBid & { sentAt: number; ms: number };

const job = workerData as BiddersJob;
const base = new URL(job.url);
let seenCents = job.startCents;
let accepted = 0;

function post(agent: http.Agent, token: string, key: string, maxCents: number): Promise<Omit<SentBid, 'bidderId'>> {
  const body = JSON.stringify({ amountCents: maxCents });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: base.port,
        path: `/api/listings/${job.listingId}/bids`,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: SentBid['body'];
          try {
            parsed = JSON.parse(text) as SentBid['body'];
          } catch {
            parsed = { error: { code: 'not_json', message: text.slice(0, 200) } };
          }
          resolve({ maxCents, idempotencyKey: key, status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function bidder(i: number, started: number): Promise<TimedBid[]> {
  const { userId, token } = job.bidders[i]!;
  // 127.0.16.x: one address per bidder, as from that many browsers (all of 127/8 reaches the gateway on Linux).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.16.${i + 1}` });
  const periodMs = job.perSecond ? (job.bidders.length * 1000) / job.perSecond : 0;
  const offsetMs = job.perSecond ? (i * 1000) / job.perSecond : 0;
  const sent: TimedBid[] = [];
  let ownMax = 0;
  const send = async (key: string, maxCents: number) => {
    const sentAt = performance.now();
    const answer = await post(agent, token, key, maxCents);
    sent.push({ ...answer, bidderId: userId, sentAt, ms: performance.now() - sentAt });
    return answer;
  };
  try {
    for (let turn = 0; ; turn++) {
      const due = started + offsetMs + turn * periodMs;
      if (Math.max(due, performance.now()) - started >= job.durationMs) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const maxCents = Math.max(seenCents, ownMax) + 1 + Math.floor(Math.random() * job.stepCents);
      const key = randomUUID();
      const answer = await send(key, maxCents);
      if (answer.status !== 201) continue;
      ownMax = maxCents;
      seenCents = Math.max(seenCents, answer.body.currentBidCents ?? 0);
      if (++accepted % job.retryEvery === 0) await send(key, maxCents);
    }
  } finally {
    agent.destroy();
  }
  return sent;
}

const started = performance.now();
Promise.all(job.bidders.map((_, i) => bidder(i, started)))
  .then((perBidder) => parentPort!.postMessage({ sent: perBidder.flat().sort((a, b) => a.sentAt - b.sentAt) }))
  .catch((error: unknown) => parentPort!.postMessage({ error: String(error) }));
