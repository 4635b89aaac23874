import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checked, chunks, sendBatchToQueue, type Entry, type Sending } from '../../../functions/adapters/queues';
import { restoreFunctionEnv, stubFunctionEnv } from '../lib/function-env';
import type { DomainEventOf } from '../../../shared/events';

const notify = (message: string): DomainEventOf<'notify.requested'> => ({
  id: 'notify:test',
  occurredAt: '2026-06-01T00:00:00.000Z',
  type: 'notify.requested',
  data: { userId: 'U1', type: 'message', title: 'New Message', message, relatedId: null, dedupeKey: 'k' },
});

describe('queue message bodies', () => {
  it('hold only characters every queue takes as they are (SQS, and fauxqs refusing surrogate pairs), and read back', () => {
    const text = 'emoji 😀, astral 𝄞, tab\t, line\n, noncharacter \uFFFE, lone \uD800, BMP é 中';
    const body = checked('events', notify(text));
    // eslint-disable-next-line no-control-regex -- SQS's allowed set names control characters
    expect(body).not.toMatch(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/);
    expect(body).toContain('\\ud83d\\ude00');
    expect((JSON.parse(body) as ReturnType<typeof notify>).data.message).toBe(text);
  });

  it('refuses a message its queue schema does not take (a bug at the producer)', () => {
    expect(() => checked('events', { ...notify('x'), type: 'nope' } as never)).toThrow();
  });
});

describe('sending to a queue', () => {
  const sqs = mockClient(SQSClient);
  beforeEach(() => {
    stubFunctionEnv({ QUEUE_EVENTS_URL: 'http://q/events' });
    sqs.reset();
  });
  afterEach(restoreFunctionEnv);

  const sentBodies = () =>
    sqs
      .commandCalls(SendMessageBatchCommand)
      .map((c) => c.args[0].input.Entries!.map((e) => JSON.parse(e.MessageBody!).data.message as string));

  it('sends what several callers ask for in one turn of the event loop together, ten messages to a request', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    await Promise.all([
      sendBatchToQueue('events', [notify('a1'), notify('a2')]),
      sendBatchToQueue('events', [notify('b1')]),
      sendBatchToQueue(
        'events',
        Array.from({ length: 9 }, (_, i) => notify(`c${i}`)),
      ),
    ]);
    expect(sentBodies()).toEqual([
      ['a1', 'a2', 'b1', 'c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6'],
      ['c7', 'c8'],
    ]);
    expect(sqs.commandCalls(SendMessageBatchCommand)[0]!.args[0].input.QueueUrl).toBe('http://q/events');
    // A later turn is a new request.
    await sendBatchToQueue('events', [notify('d')]);
    expect(sentBodies().at(-1)).toEqual(['d']);
  });

  it('keeps a request under 256 KiB and ten messages', () => {
    const from = {} as Sending;
    const entry = (kib: number) => ({ body: 'x'.repeat(kib * 1024), from });
    const sizes = (parts: Entry[][]) => parts.map((p) => p.map((e) => e.body.length / 1024));
    expect(sizes(chunks([entry(100), entry(100), entry(100), entry(50)]))).toEqual([
      [100, 100],
      [100, 50],
    ]);
    expect(sizes(chunks([entry(300), entry(1)]))).toEqual([[300], [1]]);
    expect(chunks(Array.from({ length: 21 }, () => entry(1))).map((p) => p.length)).toEqual([10, 10, 1]);
  });

  it('fails only the callers whose messages SQS refused or whose request failed', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .resolvesOnce({ Successful: [], Failed: [{ Id: '1', Code: 'InternalError', SenderFault: false }] })
      .rejectsOnce(new Error('connection reset'));
    const outcomes = await Promise.allSettled([
      sendBatchToQueue('events', [notify('a')]),
      sendBatchToQueue('events', [notify('b')]),
      sendBatchToQueue(
        'events',
        Array.from({ length: 8 }, (_, i) => notify(`c${i}`)),
      ),
      sendBatchToQueue('events', [notify('d')]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('events queue refused 1 of 10 messages');
    expect(String((outcomes[3] as PromiseRejectedResult).reason)).toContain('connection reset');
  });

  it('checks every message before anything is sent, and sends nothing for an empty list', async () => {
    expect(() => sendBatchToQueue('events', [notify('ok'), { ...notify('x'), type: 'nope' } as never])).toThrow();
    await sendBatchToQueue('events', []);
    await new Promise((r) => setImmediate(r));
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });
});
