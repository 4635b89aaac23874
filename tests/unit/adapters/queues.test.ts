import { describe, expect, it } from 'vitest';
import { checked } from '../../../functions/adapters/queues';
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
