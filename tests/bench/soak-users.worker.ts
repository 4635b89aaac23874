/**
 * The soak's users in one worker thread (tests/bench/soak.ts): each user waits a think time, starts a journey drawn
 * from its mix (tests/bench/soak-journeys.ts), and again, until the deadline; a journey under way when it passes is
 * finished. Some users keep an item page of a hot auction open (a socket subscribed to its topic). Posts its
 * counts when every user has stopped.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import {
  Browser,
  BUYER_MIX,
  emptyStats,
  newMemory,
  pickJourney,
  runJourney,
  SELLER_MIX,
  type CatalogListing,
  type SoakUser,
  type World,
} from './soak-journeys';

export interface UsersJob {
  users: SoakUser[];
  catalog: CatalogListing[];
  world: World;
  /** Epoch ms: no journey starts after it. */
  deadline: number;
  /** Mean think time between a user's journeys (exponentially distributed). */
  thinkMs: number;
  /** Open item pages of hot auctions (sockets) kept by this worker's users. */
  sockets: number;
  wsUrl: string;
  topicOf: Record<string, string>;
}

export interface SocketTally {
  sockets: number;
  framesReceived: number;
  framesSent: number;
  connectedMs: number;
}

const job = workerData as UsersJob;
const stats = emptyStats();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => -Math.log(1 - Math.random()) * job.thinkMs;

async function user(u: SoakUser): Promise<void> {
  const b = new Browser(u, job.world, stats);
  const memory = newMemory();
  const mix = u.seller ? SELLER_MIX : BUYER_MIX;
  try {
    await sleep(Math.random() * job.thinkMs);
    while (Date.now() < job.deadline) {
      await runJourney(pickJourney(mix), { b, world: job.world, catalog: job.catalog, memory });
      const wait = Math.min(think(), job.deadline - Date.now());
      if (wait > 0) await sleep(wait);
    }
  } finally {
    b.close();
  }
}

async function openPages(): Promise<SocketTally> {
  const hot = job.catalog.filter((l) => l.hot);
  const tally: SocketTally = { sockets: 0, framesReceived: 0, framesSent: 0, connectedMs: 0 };
  const open = await Promise.all(
    Array.from(
      { length: job.sockets },
      (_, i) =>
        new Promise<{ ws: WebSocket; at: number } | null>((resolve) => {
          const ws = new WebSocket(job.wsUrl);
          ws.once('open', () => {
            ws.send(JSON.stringify({ action: 'subscribe', topic: job.topicOf[hot[i % hot.length]!.id] }));
            tally.framesSent++;
            resolve({ ws, at: Date.now() });
          });
          ws.once('error', () => resolve(null));
          ws.on('message', () => tally.framesReceived++);
        }),
    ),
  );
  const pages = open.filter((p) => p !== null);
  tally.sockets = pages.length;
  await sleep(Math.max(0, job.deadline - Date.now()));
  for (const p of pages) {
    tally.connectedMs += Date.now() - p.at;
    p.ws.close();
  }
  return tally;
}

Promise.all([openPages(), Promise.all(job.users.map(user))])
  .then(([sockets]) => parentPort!.postMessage({ stats, sockets }))
  .catch((error: unknown) => parentPort!.postMessage({ error: String(error) }));
