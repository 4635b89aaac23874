/**
 * Open pages in a worker thread (tests/bench/socket-clients.ts): sockets connected through the local WebSocket gateway
 * in batches, each subscribed to one topic with the app's subscribe message; each event frame's receive time is kept
 * per event id, and posted once every socket has it (or when the host asks).
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { epochNow } from './ts-worker';

const { url, topic, sockets, batch } = workerData as { url: string; topic: string; sockets: number; batch: number };
const port = parentPort!;
const received = new Map<string, number[]>();
const open: WebSocket[] = [];
let subscribed = 0;

function connect(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

port.on('message', (m: { flush?: string; stop?: boolean }) => {
  if (m.flush) port.postMessage({ id: m.flush, times: received.get(m.flush) ?? [] });
  if (m.stop) {
    for (const ws of open) ws.terminate();
    port.close();
  }
});

try {
  for (let i = 0; i < sockets; i += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, sockets - i) }, connect));
    for (const ws of opened) {
      ws.on('message', (data) => {
        const at = epochNow();
        const m = JSON.parse(String(data)) as { type: string; event?: { id: string } };
        if (m.type === 'subscribed' && ++subscribed === sockets) port.postMessage({ ready: true });
        else if (m.type === 'event' && m.event) {
          const times = received.get(m.event.id) ?? [];
          times.push(at);
          received.set(m.event.id, times);
          if (times.length === sockets) port.postMessage({ id: m.event.id, times });
        }
      });
      ws.send(JSON.stringify({ action: 'subscribe', topic }));
    }
    open.push(...opened);
  }
} catch (error) {
  port.postMessage({ error: String(error) });
}
