import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../../../functions/core/messages/send-message';
import { startConversation } from '../../../../functions/core/messages/start-conversation';
import { TooManyRequestsError } from '../../../../functions/lib/errors';
import { EMPTY_MESSAGE, MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '../../../../shared/domain/messages';
import { messagingDeps } from './memory-messages';

async function withConversation() {
  const m = messagingDeps();
  const { conversation } = await startConversation('BUYER', { listingId: 'L1' }, m.deps);
  m.deps.events.publish.mockClear();
  m.published.length = 0;
  return { ...m, id: conversation.id };
}

describe('sending a message', () => {
  it('refuses an empty or over-long message with the rule’s text, before counting it or reading anything', async () => {
    const { deps, id, memory } = await withConversation();
    for (const [content, text] of [
      ['', EMPTY_MESSAGE],
      [' \n\t ', EMPTY_MESSAGE],
      ['x'.repeat(MESSAGE_MAX_LENGTH + 1), MESSAGE_TOO_LONG],
    ] as const) {
      await expect(sendMessage('BUYER', id, content, deps)).rejects.toMatchObject({
        status: 400,
        message: text,
        fields: { content: text },
      });
    }
    expect(deps.limitSends).not.toHaveBeenCalled();
    expect(memory.messages).toEqual([]);
    // Exactly the limit is fine; the ends are trimmed before counting, inner line breaks kept.
    const longest = await sendMessage('BUYER', id, ` ${'y'.repeat(MESSAGE_MAX_LENGTH)} `, deps);
    expect(longest.content).toHaveLength(MESSAGE_MAX_LENGTH);
    expect((await sendMessage('BUYER', id, '  a\n\nb  ', deps)).content).toBe('a\n\nb');
  });

  it('only a party may send; to anyone else the conversation does not exist', async () => {
    const { deps, id, memory } = await withConversation();
    await expect(sendMessage('OTHER', id, 'hi', deps)).rejects.toMatchObject({
      status: 404,
      message: 'Conversation not found',
    });
    await expect(sendMessage('BUYER', 'NOSUCH', 'hi', deps)).rejects.toMatchObject({ status: 404 });
    expect(memory.messages).toEqual([]);
  });

  it("stops at the sender's rate limit (429) without storing the message", async () => {
    const { deps, id, memory } = await withConversation();
    deps.limitSends.mockRejectedValueOnce(new TooManyRequestsError());
    await expect(sendMessage('BUYER', id, 'spam', deps)).rejects.toMatchObject({ status: 429 });
    expect(deps.limitSends).toHaveBeenCalledWith('BUYER');
    expect(memory.messages).toEqual([]);
  });

  it("announces it live to both parties, the recipient's copy with their counts; the bell once per unread run", async () => {
    const { deps, id, published } = await withConversation();
    const first = await sendMessage('BUYER', id, 'Is it still available?', deps);
    expect(first).toMatchObject({
      conversationId: id,
      senderId: 'BUYER',
      senderUsername: 'bea',
      type: 'text',
      content: 'Is it still available?',
    });
    expect(published).toEqual([
      expect.objectContaining({
        type: 'message.created',
        topic: 'user:SELLER',
        data: { message: first, unread: { conversation: 1, total: 1 } },
      }),
      expect.objectContaining({ type: 'message.created', topic: 'user:BUYER', data: { message: first, unread: null } }),
      expect.objectContaining({
        type: 'notify.requested',
        data: {
          userId: 'SELLER',
          type: 'message',
          title: 'New Message',
          message: 'bea: Is it still available?',
          relatedId: id,
          dedupeKey: `message:${first.id}`,
        },
      }),
    ]);
    published.length = 0;
    await sendMessage('BUYER', id, 'Hello?', deps);
    expect(published.map((e) => e.type)).toEqual(['message.created', 'message.created']);
    expect(published[0]).toMatchObject({ data: { unread: { conversation: 2, total: 2 } } });
    // The seller's reply rings the buyer's bell: the buyer had nothing unread.
    published.length = 0;
    await sendMessage('SELLER', id, 'Yes', deps);
    expect(published.map((e) => e.type)).toEqual(['message.created', 'message.created', 'notify.requested']);
    expect(published[0]).toMatchObject({ topic: 'user:BUYER', data: { unread: { conversation: 1, total: 1 } } });
  });

  it('a message stored but not announced (the queue failed) is still sent: only logged', async () => {
    const { deps, id, memory } = await withConversation();
    deps.events.publish.mockRejectedValueOnce(new Error('queue down'));
    await sendMessage('BUYER', id, 'still here', deps);
    expect(memory.messages).toHaveLength(1);
    expect(deps.warn).toHaveBeenCalledWith('message stored but not announced', expect.any(Error));
  });
});
