/**
 * One function container of tests/bench/settings-propagation.ts, in a worker thread: its own module graph, so its own
 * platform settings cache (functions/wiring/admin-settings.ts), as a Lambda container has. It reads the settings as a
 * busy function does (every `everyMs`), starting after `offsetMs` so the containers' caches expire at different
 * times, and reports each announcement it sees first, with when.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { platformSettings } from '../../functions/wiring/admin-settings';

export interface ContainerJob {
  offsetMs: number;
  everyMs: number;
}

const job = workerData as ContainerJob;
let last: string | undefined;
let stopped = false;
parentPort!.on('message', (m: { stop?: boolean }) => {
  if (m.stop) stopped = true;
});

await new Promise((r) => setTimeout(r, job.offsetMs));
while (!stopped) {
  const { announcementMessage } = await platformSettings().current();
  if (announcementMessage !== last) {
    last = announcementMessage;
    parentPort!.postMessage({ seen: announcementMessage, at: performance.timeOrigin + performance.now() });
  }
  await new Promise((r) => setTimeout(r, job.everyMs));
}
parentPort!.postMessage({ stopped: true });
