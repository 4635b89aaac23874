import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/core/auth/rate-limit';
import { EMPTY_MESSAGE, MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '../../shared/domain/messages';
import { call } from './auth-support';
import { buyerAndSeller, listItem } from './checkout-support';
import {
  conversationWith,
  list,
  markRead,
  messagesOf,
  notificationsOf,
  send,
  sent,
  start,
  unreadOf,
  until,
} from './message-support';
import { endListingsOf, signUp, type Account } from './route-support';
import { openSocket } from './socket-support';

const FROM = '127.0.16.1';
let seller: Account;
let buyer: Account;
let stranger: Account;
let listingId: string;

beforeAll(async () => {
  ({ buyer, seller } = await buyerAndSeller(FROM, 'msg'));
  stranger = await signUp('127.0.16.2', 'msgx');
  listingId = await listItem(seller, { title: 'Messaging Test Lamp' });
}, 120_000);

afterAll(async () => {
  if (seller) await endListingsOf(seller);
});

describe('Contact Seller', () => {
  it('needs a session', async () => {
    expect((await call('POST', '/api/me/conversations', { body: { listingId } })).status).toBe(401);
    expect((await call('GET', '/api/me/conversations')).status).toBe(401);
    expect((await call('GET', '/api/me/messages/unread')).status).toBe(401);
  });

  it('finds or makes the one conversation of (listing, buyer, seller); the seller sees it once it has a message', async () => {
    const first = await start(buyer, { listingId });
    expect(first.status).toBe(200);
    expect(first.body.created).toBe(true);
    expect(first.body.conversation).toMatchObject({
      role: 'buyer',
      listing: { id: listingId, title: 'Messaging Test Lamp', imageUrl: null },
      otherParty: { id: seller.userId, username: seller.username },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await start(buyer, { listingId });
    expect(again.body).toMatchObject({ created: false, conversation: { id: first.body.conversation.id } });
    // Two racing clicks make one conversation.
    const other = await listItem(seller, { title: 'Messaging Race Lamp' });
    const raced = await Promise.all([start(buyer, { listingId: other }), start(buyer, { listingId: other })]);
    expect(new Set(raced.map((r) => r.body.conversation.id)).size).toBe(1);
    expect(raced.filter((r) => r.body.created)).toHaveLength(1);

    expect((await list(buyer)).body.items.map((c) => c.id)).toContain(first.body.conversation.id);
    expect((await list(seller)).body.items.map((c) => c.id)).not.toContain(first.body.conversation.id);
  });

  it("refuses one's own listing or store with 'Cannot Contact Yourself', and unknown ones with 404", async () => {
    const own = await start(seller, { listingId });
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({ code: 'cannot_contact_yourself', message: 'Cannot Contact Yourself' });
    expect((await start(seller, { sellerId: seller.userId })).status).toBe(403);
    expect((await start(buyer, { listingId: 'NOSUCHLISTING' })).status).toBe(404);
    expect((await start(buyer, { sellerId: 'NOSUCHUSER' })).status).toBe(404);
    expect((await start(buyer, { listingId: 'not a listing!' } as never)).status).toBe(400);
    expect((await start(buyer, { listingId, sellerId: seller.userId } as never)).status).toBe(400);
  });

  it("from a store page: a conversation with the store's user about no listing", async () => {
    const r = await start(buyer, { sellerId: seller.userId });
    expect(r.status).toBe(200);
    expect(r.body.conversation).toMatchObject({ listing: null, otherParty: { id: seller.userId }, role: 'buyer' });
    expect(r.body.conversation.id).not.toBe(await conversationWith(buyer, listingId));
  });
});

describe('sending and reading', () => {
  let id: string;
  beforeAll(async () => {
    id = await conversationWith(buyer, listingId);
  });

  it('refuses empty and over-long messages with the rule’s text; keeps line breaks, trims the ends', async () => {
    for (const content of ['', '   ', '\n\n']) {
      const r = await send(buyer, id, content);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ message: EMPTY_MESSAGE, fields: { content: EMPTY_MESSAGE } });
    }
    const long = await send(buyer, id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toBe(MESSAGE_TOO_LONG);
    expect((await send(buyer, id, 42)).status).toBe(400);
    const longest = await sent(buyer, id, 'y'.repeat(MESSAGE_MAX_LENGTH));
    expect(longest.content).toHaveLength(MESSAGE_MAX_LENGTH);
    const lines = await sent(buyer, id, '  Hello,\nis it still available?  ');
    expect(lines).toMatchObject({
      content: 'Hello,\nis it still available?',
      senderId: buyer.userId,
      senderUsername: buyer.username,
      type: 'text',
      conversationId: id,
    });
  });

  it("counts the recipient's unread messages, orders the lists by last activity, and marks read", async () => {
    const before = await unreadOf(seller);
    await sent(buyer, id, 'One more question');
    const sellerList = await list(seller);
    const mine = sellerList.body.items.find((c) => c.id === id)!;
    expect(mine).toMatchObject({
      role: 'seller',
      otherParty: { id: buyer.userId, username: buyer.username },
      listing: { id: listingId },
      lastMessage: { content: 'One more question', senderId: buyer.userId, type: 'text' },
      unreadCount: 3,
    });
    // The two messages of the test before and this one; the total counts them as well.
    expect(sellerList.body.unreadCount).toBe(before + 1);
    expect(sellerList.body.items[0]!.id).toBe(id);
    expect(await unreadOf(seller)).toBe(before + 1);
    // The sender's own side counts nothing.
    expect((await list(buyer)).body.items.find((c) => c.id === id)!.unreadCount).toBe(0);

    expect((await messagesOf(buyer, id)).body.otherReadAt).toBeNull();
    const read = await markRead(seller, id);
    expect(read.body).toEqual({ conversationId: id, unreadCount: before - 2 });
    expect((await markRead(seller, id)).body).toEqual({ conversationId: id, unreadCount: before - 2 });
    expect((await list(seller)).body.items.find((c) => c.id === id)!.unreadCount).toBe(0);
    const seen = (await messagesOf(buyer, id)).body.otherReadAt;
    expect(seen).not.toBeNull();

    // A reply moves the conversation to the top of the buyer's list.
    await start(buyer, { listingId: await listItem(seller, { title: 'Messaging Newer Lamp' }) });
    expect((await list(buyer)).body.items[0]!.id).not.toBe(id);
    await sent(seller, id, 'Yes, it is.');
    const buyerList = (await list(buyer)).body;
    expect(buyerList.items[0]).toMatchObject({ id, unreadCount: 1, lastMessage: { content: 'Yes, it is.' } });
  });

  it('pages the messages oldest first within a page, older pages by `before`', async () => {
    const fresh = await conversationWith(buyer, await listItem(seller, { title: 'Messaging Paging Lamp' }));
    for (let i = 1; i <= 5; i++) await sent(i % 2 ? buyer : seller, fresh, `m${i}`);
    const newest = await messagesOf(buyer, fresh, '?limit=2');
    expect(newest.body.items.map((m) => m.content)).toEqual(['m4', 'm5']);
    expect(newest.body.more).toBe(true);
    const older = await messagesOf(buyer, fresh, `?limit=2&before=${newest.body.items[0]!.id}`);
    expect(older.body.items.map((m) => m.content)).toEqual(['m2', 'm3']);
    const oldest = await messagesOf(seller, fresh, `?limit=2&before=${older.body.items[0]!.id}`);
    expect(oldest.body).toMatchObject({ items: [{ content: 'm1', senderUsername: buyer.username }], more: false });
    expect((await messagesOf(buyer, fresh, '?before=nope')).status).toBe(400);
    expect((await messagesOf(buyer, fresh, '?limit=500')).status).toBe(400);
  });

  it('a retry with the same Idempotency-Key gets the first answer and stores one message', async () => {
    const key = randomUUID();
    const [a, b] = [await send(buyer, id, 'Sent once', key), await send(buyer, id, 'Sent once', key)];
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    const page = (await messagesOf(buyer, id)).body.items;
    expect(page.filter((m) => m.content === 'Sent once')).toHaveLength(1);
    expect((await send(buyer, id, 'Another text', key)).status).toBe(422);
    expect((await send(buyer, id, 'No key', null as unknown as string)).status).toBe(400);
  });

  it('only the two parties read or write it: to anyone else it does not exist', async () => {
    const asStranger = { token: stranger.token, from: stranger.from };
    expect((await call('GET', `/api/me/conversations/${id}`, asStranger)).status).toBe(404);
    expect((await messagesOf(stranger, id)).status).toBe(404);
    expect((await send(stranger, id, 'Let me in')).status).toBe(404);
    expect((await markRead(stranger, id)).status).toBe(404);
    expect((await list(stranger, `?with=${buyer.userId}`)).body.items).toEqual([]);
    expect((await call('GET', `/api/me/conversations/${id}`, { token: buyer.token })).status).toBe(200);
    expect((await call('GET', '/api/me/conversations/not-an-id', { token: buyer.token })).status).toBe(400);
    expect((await messagesOf(buyer, '0'.repeat(26))).status).toBe(404);
  });

  it("finds a seller's conversations with a buyer by the buyer's id (the ?conversation= link)", async () => {
    const found = await list(seller, `?with=${buyer.userId}`);
    expect(found.body.items.length).toBeGreaterThan(0);
    expect(found.body.items.every((c) => c.otherParty.id === buyer.userId)).toBe(true);
    expect(found.body.items.map((c) => c.id)).toContain(id);
    expect((await list(seller, '?with=not*an*id')).status).toBe(400);
  });
});

describe('live messages and notifications', () => {
  it("pushes the message with the recipient's counts on their topic, and rings the bell once per unread run", async () => {
    const id = await conversationWith(buyer, await listItem(seller, { title: 'Messaging Live Lamp' }));
    const socket = await openSocket(seller.token);
    try {
      socket.send(JSON.stringify({ action: 'subscribe', topic: `user:${seller.userId}` }));
      expect(await socket.next()).toMatchObject({ type: 'subscribed' });
      const total = await unreadOf(seller);
      const message = await sent(buyer, id, 'Are you there?');
      const frame = await socket.next();
      expect(frame).toEqual({
        type: 'event',
        topic: `user:${seller.userId}`,
        event: expect.objectContaining({
          type: 'message.created',
          data: { message, unread: { conversation: 1, total: total + 1 } },
        }),
      });
      await sent(buyer, id, 'Hello?');
      // The notification goes through the queue too: wait for its push before counting.
      const pushed = (type: string) => socket.frames.filter((f) => f.type === 'event' && f.event.type === type);
      await until(() => pushed('message.created').length === 2 && pushed('notification.created').length === 1);
      const rung = (await notificationsOf(seller)).filter((n) => n.relatedId === id);
      expect(rung).toEqual([
        expect.objectContaining({
          type: 'message',
          title: 'New Message',
          message: `${buyer.username}: Are you there?`,
        }),
      ]);

      // Pasted control characters are dropped; an emoji goes live too (its event crosses the queue escaped).
      const pasted = await sent(buyer, id, 'Pasted\u0001 text\uD800 😀');
      expect(pasted.content).toBe('Pasted text\uFFFD 😀');
      await until(() => pushed('message.created').some((f) => f.type === 'event' && f.event.id.includes(pasted.id)));
      const live = pushed('message.created').find((f) => f.type === 'event' && f.event.id.includes(pasted.id));
      expect(live).toMatchObject({ event: { data: { message: { content: 'Pasted text\uFFFD 😀' } } } });

      // Reading it tells the reader's tabs the new total and the sender when it was read.
      const buyerSocket = await openSocket(buyer.token);
      try {
        buyerSocket.send(JSON.stringify({ action: 'subscribe', topic: `user:${buyer.userId}` }));
        expect(await buyerSocket.next()).toMatchObject({ type: 'subscribed' });
        await markRead(seller, id);
        expect(await buyerSocket.next()).toMatchObject({
          type: 'event',
          event: {
            type: 'conversation.read',
            data: { conversationId: id, readerId: seller.userId, unreadCount: null },
          },
        });
      } finally {
        buyerSocket.close();
      }
      // Unread again after the read: the bell rings again.
      await sent(buyer, id, 'Back again');
      await until(async () => (await notificationsOf(seller)).filter((n) => n.relatedId === id).length === 2);
    } finally {
      socket.close();
    }
  });
});

describe('the per-user send limit', () => {
  it('answers 429 with retry-after once a user sent their window’s worth, in any conversation', async () => {
    const { limit, windowSeconds } = RATE_LIMITS.sendMessage;
    const talker = await signUp('127.0.16.3', 'msgr');
    const ids = await Promise.all([
      conversationWith(talker, listingId),
      conversationWith(talker, await listItem(seller, { title: 'Messaging Limit Lamp' })),
    ]);
    // Start in a fresh window, so the whole burst lands in one (fixed windows on the shared clock).
    const intoWindow = (Date.now() / 1000) % windowSeconds;
    if (windowSeconds - intoWindow < 10)
      await new Promise((r) => setTimeout(r, (windowSeconds - intoWindow + 0.2) * 1000));
    for (let i = 0; i < limit; i++) expect((await send(talker, ids[i % 2]!, `spam ${i}`)).status).toBe(201);
    const limited = await send(talker, ids[1]!, 'one too many');
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Others are not limited by it.
    expect((await send(seller, ids[0]!, 'Please slow down')).status).toBe(201);
  }, 90_000);
});

describe('the per-user limit on new conversations', () => {
  it('answers 429 past a window’s worth of new ones; Contact Seller on one made before still finds it', async () => {
    const { limit, windowSeconds } = RATE_LIMITS.startConversation;
    const asker = await signUp('127.0.16.4', 'askr');
    const listings = await Promise.all(
      Array.from({ length: limit + 1 }, (_, i) => listItem(seller, { title: `Question Lamp ${i}` })),
    );
    const intoWindow = (Date.now() / 1000) % windowSeconds;
    if (windowSeconds - intoWindow < 15)
      await new Promise((r) => setTimeout(r, (windowSeconds - intoWindow + 0.2) * 1000));
    for (const id of listings.slice(0, limit)) expect((await start(asker, { listingId: id })).status).toBe(200);
    const limited = await start(asker, { listingId: listings[limit]! });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const again = await start(asker, { listingId: listings[0]! });
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
  }, 90_000);
});
