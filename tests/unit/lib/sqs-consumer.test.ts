import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { sqsConsumer } from '../../../functions/lib/sqs-consumer';
import { captureOutput } from './capture-output';

const schema = z.object({ n: z.number().check(z.int()) });
const record = (messageId: string, body: string) => ({ messageId, body }) as SQSRecord;
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

describe('sqsConsumer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes each parsed message and reports only the failed ones', async () => {
    captureOutput();
    const seen: number[] = [];
    const handler = sqsConsumer('jobs/test', schema, async ({ n }) => {
      if (n === 2) throw new Error('cannot');
      seen.push(n);
    });
    const res = await handler(batch(record('a', '{"n":1}'), record('b', '{"n":2}'), record('c', '{"n":3}')));
    expect(seen).toEqual([1, 3]);
    expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }] });
  });

  it('drops malformed messages (not JSON, wrong shape) with a warning instead of retrying them', async () => {
    const out = captureOutput();
    const impl = vi.fn(async () => undefined);
    const handler = sqsConsumer('jobs/test', schema, impl);
    const res = await handler(batch(record('a', 'not json'), record('b', '{"n":"one"}')));
    expect(impl).not.toHaveBeenCalled();
    expect(res.batchItemFailures).toEqual([]);
    expect(
      out
        .json()
        .filter((e) => e.message === 'dropped malformed message')
        .map((e) => e.messageId),
    ).toEqual(['a', 'b']);
  });

  it('answers a batch where every message failed with all of them (a partial response, not an error)', async () => {
    captureOutput();
    const handler = sqsConsumer('jobs/test', schema, async () => {
      throw new Error('down');
    });
    const res = await handler(batch(record('a', '{"n":1}'), record('b', '{"n":2}')));
    expect(res.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['a', 'b']);
  });

  it('logs a failure with the message id and the error', async () => {
    const out = captureOutput();
    const handler = sqsConsumer('jobs/test', schema, async () => {
      throw new Error('disk full');
    });
    await handler(batch(record('m-1', '{"n":1}')));
    expect(out.json()).toContainEqual(
      expect.objectContaining({
        message: 'message failed',
        messageId: 'm-1',
        error: expect.objectContaining({ message: 'disk full' }),
      }),
    );
  });

  it('runs the messages of a batch side by side only when asked', async () => {
    captureOutput();
    const run = async (concurrent: boolean) => {
      let inFlight = 0;
      let most = 0;
      const handler = sqsConsumer(
        'jobs/test',
        schema,
        async () => {
          most = Math.max(most, ++inFlight);
          await new Promise((r) => setTimeout(r, 5));
          inFlight--;
        },
        { concurrent },
      );
      await handler(batch(record('a', '{"n":1}'), record('b', '{"n":2}'), record('c', '{"n":3}')));
      return most;
    };
    expect(await run(false)).toBe(1);
    expect(await run(true)).toBe(3);
  });

  it("makes perBatch's value once per invocation and hands the same one to each of its messages", async () => {
    captureOutput();
    const made: object[] = [];
    const seen: object[] = [];
    const handler = sqsConsumer('jobs/test', schema, async (_m, { batch }) => void seen.push(batch), {
      concurrent: true,
      perBatch: () => {
        const scope = { n: made.length };
        made.push(scope);
        return scope;
      },
    });
    await handler(batch(record('a', '{"n":1}'), record('b', '{"n":2}')));
    await handler(batch(record('c', '{"n":3}')));
    expect(made).toHaveLength(2);
    expect(seen).toEqual([made[0], made[0], made[1]]);
    expect(seen[0]).toBe(seen[1]);
  });
});
