import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createHttpGateway } from '../../../infra/local/http-gateway';
import { startHttpPool, type HttpPool } from '../../../infra/local/http-pool';
import { defineContract } from '../../../shared/api/contract';

const probe = path.resolve(import.meta.dirname, '../../fixtures/local/pool-probe.ts');

interface Served {
  pid: number;
  start: number;
  end: number;
  probe: string | null;
}

describe('the Lambda-shape HTTP pool behind the local gateway', () => {
  let pool: HttpPool;
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    process.env.POOL_PROBE = 'from the stack';
    pool = startHttpPool(2);
    await pool.ready;
    const gateway = createHttpGateway({
      routes: [
        {
          name: 'probe',
          contract: defineContract({ method: 'GET', path: '/api/probe', response: z.unknown() }),
          handler: probe,
          auth: 'public',
          access: { visitor: 200, user: 200, seller: 200, otherSeller: 200, admin: 200 },
        },
      ],
      invoke: pool.invoke,
    });
    server = http.createServer((req, res) => void gateway(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/probe`;
  }, 30_000);
  afterAll(async () => {
    delete process.env.POOL_PROBE;
    await new Promise<void>((r) => server.close(() => r()));
    await pool.stop();
  });

  const get = async (query: string) => {
    const res = await fetch(`${url}?${query}`);
    return {
      status: res.status,
      body: (await res.json()) as Served & { error?: { code: string; requestId?: string } },
    };
  };

  it('serves each request in a worker process, one at a time per worker; the rest wait', async () => {
    const before = pool.stats();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('ms=150')));
    expect(answers.every((a) => a.status === 200 && a.body.probe === 'from the stack')).toBe(true);
    const pids = new Set(answers.map((a) => a.body.pid));
    expect(pids.size).toBe(2);
    expect(pids.has(process.pid)).toBe(false);
    for (const pid of pids) {
      const runs = answers.map((a) => a.body).filter((b) => b.pid === pid);
      runs.sort((a, b) => a.start - b.start);
      for (let i = 1; i < runs.length; i++) expect(runs[i]!.start).toBeGreaterThanOrEqual(runs[i - 1]!.end);
    }
    const after = pool.stats();
    expect(after.invocations - before.invocations).toBe(6);
    expect(after.waits - before.waits).toBeGreaterThanOrEqual(4);
    expect(after.busyMs - before.busyMs).toBeGreaterThanOrEqual(6 * 140);
    expect(after.byHandler[probe]!.invocations).toBe(after.invocations);
  });

  it('answers 500 for a throwing handler and for a worker that dies, and forks a worker in its place', async () => {
    const pidsBefore = new Set((await Promise.all([get('ms=100'), get('ms=100')])).map((a) => a.body.pid));
    const thrown = await get('throw=1');
    expect(thrown.status).toBe(500);
    expect(thrown.body.error?.code).toBe('internal');
    const crashed = await get('crash=1');
    expect(crashed.status).toBe(500);
    expect(crashed.body.error?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The survivor serves meanwhile; two at once land on two processes once the new one has started.
    let pidsAfter = new Set<number>();
    for (let tries = 0; pidsAfter.size < 2 && tries < 50; tries++) {
      const after = await Promise.all([get('ms=200'), get('ms=200')]);
      expect(after.every((a) => a.status === 200)).toBe(true);
      pidsAfter = new Set(after.map((a) => a.body.pid));
    }
    expect(pidsAfter.size).toBe(2);
    expect([...pidsAfter].filter((p) => !pidsBefore.has(p))).toHaveLength(1);
  }, 20_000);
});
