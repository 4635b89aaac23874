import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ConversationSummary } from '../../shared/api/messages';
import type { Message } from '../../shared/domain/messages';
import { call } from './auth-support';
import type { Account } from './route-support';

type ApiError = { error?: { code: string; message: string; fields?: Record<string, string> } };

/** Contact Seller: about a listing, or from a store page (`sellerId`). */
export const start = (a: Account, body: { listingId: string } | { sellerId: string }) =>
  call<{ conversation: ConversationSummary; created: boolean } & ApiError>('POST', '/api/me/conversations', {
    token: a.token,
    from: a.from,
    body,
  });

export async function conversationWith(buyer: Account, listingId: string): Promise<string> {
  const r = await start(buyer, { listingId });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.conversation.id;
}

export const send = (a: Account, conversationId: string, content: unknown, key: string = randomUUID()) =>
  call<Message & ApiError>('POST', `/api/me/conversations/${conversationId}/messages`, {
    token: a.token,
    from: a.from,
    body: { content },
    idempotencyKey: key,
  });

export async function sent(a: Account, conversationId: string, content: string): Promise<Message> {
  const r = await send(a, conversationId, content);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

export const list = (a: Account, query = '') =>
  call<{ items: ConversationSummary[]; unreadCount: number } & ApiError>('GET', `/api/me/conversations${query}`, {
    token: a.token,
    from: a.from,
  });

export const messagesOf = (a: Account, conversationId: string, query = '') =>
  call<{ items: Message[]; more: boolean; otherReadAt: string | null } & ApiError>(
    'GET',
    `/api/me/conversations/${conversationId}/messages${query}`,
    { token: a.token, from: a.from },
  );

export const markRead = (a: Account, conversationId: string) =>
  call<{ conversationId: string; unreadCount: number } & ApiError>(
    'POST',
    `/api/me/conversations/${conversationId}/read`,
    { token: a.token, from: a.from, body: {} },
  );

export const unreadOf = async (a: Account) =>
  (await call<{ unreadCount: number }>('GET', '/api/me/messages/unread', { token: a.token, from: a.from })).body
    .unreadCount;

/** Waits until `check` holds (the events queue and its consumer run apart from the request). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The account's 50 newest notifications. */
export async function notificationsOf(a: Account) {
  const r = await call<{ items: { type: string; title: string; message: string; relatedId: string | null }[] }>(
    'GET',
    '/api/me/notifications?limit=50',
    { token: a.token, from: a.from },
  );
  return r.body.items;
}
