import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock, setClock } from '../../../functions/adapters/clock';
import { rateMs, schedules, type ScheduleDef } from '../../../functions/routes';
import { createLocalControls } from '../../../infra/local/local-controls';
import { runSchedule, startTimers } from '../../../infra/local/timers';

const job: ScheduleDef = {
  name: 'fixture-job',
  handler: path.resolve(import.meta.dirname, '../../fixtures/local/scheduled-job.ts'),
  rate: 'rate(5 minutes)',
};
type Got = { got: { time: string; resources: string[] } };

afterEach(() => {
  setClock(null);
  vi.useRealTimers();
});

describe('rate expressions', () => {
  it('reads the intervals EventBridge Scheduler accepts', () => {
    expect(rateMs('rate(1 minute)')).toBe(60_000);
    expect(rateMs('rate(15 minutes)')).toBe(900_000);
    expect(rateMs('rate(2 hours)')).toBe(7_200_000);
    expect(rateMs('rate(1 day)')).toBe(86_400_000);
  });

  it('refuses what Scheduler would refuse', () => {
    for (const bad of [
      'rate(1 minutes)',
      'rate(5 minute)',
      'rate(0 minutes)',
      'rate(1.5 hours)',
      'cron(0 * * * ? *)',
    ]) {
      expect(() => rateMs(bad), bad).toThrow(/not an EventBridge Scheduler rate expression/);
    }
  });

  it('holds for every schedule of the route table, each with a unique name', () => {
    for (const s of schedules) expect(rateMs(s.rate)).toBeGreaterThan(0);
    expect(new Set(schedules.map((s) => s.name)).size).toBe(schedules.length);
  });
});

describe('local timers', () => {
  it("call the schedule's handler at its rate, with a Scheduler event at the clock's time", async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    const runs: string[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const timers = startTimers([
      { ...job, handler: path.resolve(import.meta.dirname, '../../fixtures/local/record-run.ts') },
    ]);
    (globalThis as { recordRun?: (t: string) => void }).recordRun = (t) => runs.push(t);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(runs).toEqual(['2030-01-01T00:05:00Z']));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    await timers.stop();
    expect(logged).not.toHaveBeenCalled();
  });

  it("waits while a test has moved the functions' clock", async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    const runs: string[] = [];
    const timers = startTimers([
      { ...job, handler: path.resolve(import.meta.dirname, '../../fixtures/local/record-run.ts') },
    ]);
    (globalThis as { recordRun?: (t: string) => void }).recordRun = (t) => runs.push(t);
    setClock(new Date('2030-01-09T00:00:00Z'));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(runs).toEqual([]);
    setClock(null);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await vi.waitFor(() => expect(runs).toEqual(['2030-01-01T00:15:00Z']));
    await timers.stop();
  });

  it('runs a schedule on demand at a given time or at the moved clock', async () => {
    const at = new Date('2031-02-03T04:05:06Z');
    expect(((await runSchedule(job, at)) as Got).got.time).toBe('2031-02-03T04:05:06Z');
    setClock(new Date('2032-01-01T00:00:00Z'));
    const got = ((await runSchedule(job)) as Got).got;
    expect(Date.parse(got.time)).toBeGreaterThanOrEqual(Date.parse('2032-01-01T00:00:00Z'));
    expect(Date.parse(got.time)).toBeLessThan(Date.parse('2032-01-01T00:01:00Z'));
    expect(got.resources[0]).toMatch(/schedule\/default\/fixture-job$/);
  });
});

/** The stack's own page: the only origin that may call its controls. */
const OWN_ORIGIN = 'http://localhost:3000';

describe('local controls', () => {
  async function serve(clockControl: boolean) {
    const controls = createLocalControls({ schedules: [job], clockControl, origins: [OWN_ORIGIN] });
    const server = http.createServer((req, res) => void controls(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_local`;
    return { base, close: () => new Promise((r) => server.close(r)) };
  }
  const send = async (url: string, method: string, body?: unknown) => {
    const res = await fetch(url, {
      method,
      ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('POST /_local/schedules/{name} runs it and answers its result; unknown names 404', async () => {
    const s = await serve(false);
    try {
      const ran = await send(`${s.base}/schedules/fixture-job`, 'POST', { at: '2030-06-01T12:00:00Z' });
      expect(ran.status).toBe(200);
      expect(ran.body).toMatchObject({ schedule: 'fixture-job', at: '2030-06-01T12:00:00.000Z' });
      expect((ran.body.result as Got).got.time).toBe('2030-06-01T12:00:00Z');
      expect((await send(`${s.base}/schedules/nope`, 'POST')).status).toBe(404);
      expect((await send(`${s.base}/schedules/fixture-job`, 'POST', { at: 'tomorrow' })).status).toBe(400);
      expect((await send(`${s.base}/schedules/fixture-job`, 'GET')).status).toBe(405);
      // Without test controls the clock can't be moved.
      expect((await send(`${s.base}/clock`, 'PUT', { at: '2030-01-01T00:00:00Z' })).status).toBe(404);
    } finally {
      await s.close();
    }
  });

  it('refuses what another site’s page can send: a foreign Origin (403), a body that is not JSON (415)', async () => {
    const s = await serve(true);
    try {
      const post = (headers: Record<string, string>, body?: string) =>
        fetch(`${s.base}/schedules/fixture-job`, { method: 'POST', headers, body });
      const json = { 'content-type': 'application/json' };
      // A simple cross-site request: a form post, a text/plain fetch, each names its page's origin.
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        expect((await post({ 'content-type': type, origin: 'https://evil.example' }, '{}')).status).toBe(403);
        // Without an Origin (an old browser, a privacy proxy), the body type alone refuses it.
        const untyped = await post({ 'content-type': type }, '{"at":"2030-06-01T12:00:00Z"}');
        expect([untyped.status, await untyped.json()]).toEqual([
          415,
          { error: { code: 'unsupported_media_type', message: 'Send the body as application/json' } },
        ]);
      }
      expect((await post({ ...json, origin: 'null' }, '{}')).status).toBe(403);
      expect((await post({ ...json, 'sec-fetch-site': 'cross-site' }, '{}')).status).toBe(403);
      expect((await post({ ...json, 'sec-fetch-site': 'same-site' }, '{}')).status).toBe(403);
      const moved = await fetch(`${s.base}/clock`, {
        method: 'PUT',
        headers: { ...json, origin: 'http://localhost:3001' },
        body: '{"at":"2035-01-01T00:00:00Z"}',
      });
      expect(moved.status).toBe(403);
      expect(clock.now().getUTCFullYear()).not.toBe(2035);
      // Its own page, a plain client (curl, tests), and an empty POST with no type at all are taken.
      expect((await post({ ...json, origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' }, '{}')).status).toBe(200);
      expect((await post(json, '{}')).status).toBe(200);
      expect((await post({})).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('moves the functions’ clock with test controls, and puts it back', async () => {
    const s = await serve(true);
    try {
      const moved = await send(`${s.base}/clock`, 'PUT', { at: '2035-01-01T00:00:00Z' });
      expect(moved.status).toBe(200);
      expect(clock.now().getUTCFullYear()).toBe(2035);
      const ran = await send(`${s.base}/schedules/fixture-job`, 'POST');
      expect(String(ran.body.at)).toMatch(/^2035-01-01T00:00/);
      expect((await send(`${s.base}/clock`, 'DELETE')).body.offsetMs).toBe(0);
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    } finally {
      await s.close();
    }
  });
});
