/**
 * How long an administrator's settings change takes to reach the functions (decision 063): a local stack without seed
 * data, the settings cache at the deployment's default (SETTINGS_CACHE_SECONDS unset: 45 s), and CONTAINERS worker
 * threads that each hold their own cache as a Lambda container does, reading the settings every 100 ms from staggered
 * starts. Each round saves a new announcement through PUT /api/admin/settings and times, per container, the save's
 * answer to the first read that returns it. `npx tsx tests/bench/settings-propagation.ts [--write]` runs it alone.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { startBareStack } from './bare-stack';
import { runAlone } from './bench-doc';
import { percentile } from './percentile';
import { epochNow, mailbox, tsWorker } from './ts-worker';
import type { ContainerJob } from './settings-container.worker';

const CONTAINERS = 6;
const ROUNDS = 3;
const READ_EVERY_MS = 100;

export interface SettingsPropagationBench {
  cacheSeconds: number;
  containers: number;
  rounds: number;
  p50: number;
  max: number;
  load: [number, number];
}

export async function settingsPropagation(): Promise<SettingsPropagationBench> {
  const stack = await startBareStack('settings');
  // The local stack keeps settings for 1 s so tests need not wait; measure the deployment's default instead.
  delete process.env.SETTINGS_CACHE_SECONDS;
  const { settingsCacheMs } = await import('../../functions/wiring/admin-settings');
  const cacheMs = settingsCacheMs();
  const workers: ReturnType<typeof tsWorker>[] = [];
  try {
    const { db } = await import('../../functions/adapters/db/service');
    const { sessionDeps } = await import('../../functions/wiring/auth');
    const { openSession } = await import('../../functions/core/auth/sessions');
    const adminId = ulid();
    const at = new Date().toISOString();
    await db()
      .entities.user.put({
        userId: adminId,
        walletAddress: 'rBenchAdmin',
        username: 'bench_admin',
        role: 'admin',
        createdAt: at,
        updatedAt: at,
      })
      .go();
    const { token } = await openSession(adminId, sessionDeps());
    const save = async (announcementMessage: string) => {
      const res = await fetch(`${stack.url}/api/admin/settings`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ announcementMessage }),
      });
      if (res.status !== 200) throw new Error(`PUT /api/admin/settings -> ${res.status} ${await res.text()}`);
      return epochNow();
    };

    const boxes = Array.from({ length: CONTAINERS }, (_, i) => {
      const job: ContainerJob = { offsetMs: Math.round((i * cacheMs) / CONTAINERS), everyMs: READ_EVERY_MS };
      const worker = tsWorker(new URL('./settings-container.worker.ts', import.meta.url), job);
      workers.push(worker);
      return mailbox<{ seen?: string; at?: number; error?: string }>(worker);
    });
    // Every container has read the settings once (its cache is warm) before the first change.
    for (const next of boxes) {
      if (!(await next((m) => m.seen !== undefined, 60_000 + cacheMs))) throw new Error('a container never read');
    }
    const loadBefore = os.loadavg()[0]!;
    const delays: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const message = `Bench announcement ${round} ${ulid()}`;
      const savedAt = await save(message);
      for (const next of boxes) {
        const m = await next((x) => x.seen === message, cacheMs + 30_000);
        if (!m) throw new Error(`a container did not see round ${round} within ${cacheMs / 1000 + 30} s`);
        delays.push((m.at! - savedAt) / 1000);
      }
    }
    delays.sort((a, b) => a - b);
    return {
      cacheSeconds: cacheMs / 1000,
      containers: CONTAINERS,
      rounds: ROUNDS,
      p50: percentile(delays, 50),
      max: delays.at(-1)!,
      load: [loadBefore, os.loadavg()[0]!],
    };
  } finally {
    for (const w of workers) w.postMessage({ stop: true });
    await Promise.all(workers.map((w) => w.terminate()));
    await stack.dispose();
  }
}

export const SETTINGS_PROPAGATION_ROW_PREFIX = '| settings change → every function:';

export function settingsPropagationRows(r: SettingsPropagationBench): string {
  return `${SETTINGS_PROPAGATION_ROW_PREFIX} save to first read that returns it, ${r.containers} containers × ${r.rounds} changes, p50 / max (cache ${r.cacheSeconds} s; load average ${r.load.map((l) => l.toFixed(1)).join(' → ')}) | ${r.p50.toFixed(1)} / ${r.max.toFixed(1)} s | ≤ 60 s |`;
}

export const settingsPropagationNotes = `Settings change: a fresh local stack without seed data, the settings cache at the deployment's default, and
${CONTAINERS} worker threads each holding its own cache (as Lambda containers do), reading every ${READ_EVERY_MS} ms from
staggered starts; each of ${ROUNDS} rounds saves an announcement through the admin route and times, per container, the
save's answer to the first read returning it (decision 063).`;

await runAlone(
  import.meta.url,
  () => settingsPropagation(),
  (r) => ({
    prefix: SETTINGS_PROPAGATION_ROW_PREFIX,
    rows: settingsPropagationRows(r),
    notes: settingsPropagationNotes,
  }),
);
