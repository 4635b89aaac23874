import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduledJob, type ScheduledRun } from '../../../functions/wiring/jobs';
import { captureOutput } from './capture-output';

describe('scheduledJob', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("runs at the scheduled event's time", async () => {
    captureOutput();
    const impl = vi.fn(async (run: ScheduledRun) => run.now.toISOString());
    const handler = scheduledJob('jobs/test', impl);
    expect(await handler({ id: 'e1', time: '2030-01-02T03:04:05Z' })).toBe('2030-01-02T03:04:05.000Z');
  });

  it('falls back to the clock when the event has no (valid) time', async () => {
    captureOutput();
    vi.useFakeTimers({ now: new Date('2031-05-06T07:08:09Z'), toFake: ['Date'] });
    const handler = scheduledJob('jobs/test', async ({ now }) => now.toISOString());
    expect(await handler({})).toBe('2031-05-06T07:08:09.000Z');
    expect(await handler({ time: 'soon' })).toBe('2031-05-06T07:08:09.000Z');
  });

  it("gives the run its deadline: now plus the time Lambda's context says is left", async () => {
    captureOutput();
    vi.useFakeTimers({ now: new Date('2031-05-06T07:08:09Z'), toFake: ['Date'] });
    const handler = scheduledJob('jobs/test', async ({ deadline }) => deadline);
    const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 180_000 } as unknown as Context;
    expect(await handler({}, context)).toBe(Date.parse('2031-05-06T07:11:09Z'));
  });

  it('lets a failed run fail (the scheduler retries it) after logging it', async () => {
    captureOutput();
    const handler = scheduledJob('jobs/test', async () => {
      throw new Error('table busy');
    });
    await expect(handler({ id: 'e2' })).rejects.toThrow('table busy');
  });
});
