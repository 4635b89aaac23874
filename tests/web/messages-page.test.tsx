import './support/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../shared/api/messages';
import type { Message } from '../../shared/domain/messages';
import { routes } from '../../web/src/app/router';
import { realtime } from '../../web/src/lib/realtime/socket';
import { page } from './support/listing-fixture';
import { renderRoutes } from './support/render';
import { FakeSocket, saveSession, sessionRoutes, stubApi, stubSocket, user, type ApiRequest } from './support/api-stub';

/** Conversation and message ids of the right shape (26 Crockford base32 characters). */
const cid = (n: number) => `0C${String(n).padStart(24, '0')}`;
const mid = (n: number) => `0M${String(n).padStart(24, '0')}`;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ME = '01JUSER';

function conversation(n: number, over: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: cid(n),
    role: 'buyer',
    listing: { id: `L${n}`, title: `Lamp ${n}`, imageUrl: null },
    otherParty: { id: `SELLER${n}`, username: `seller_${n}` },
    lastMessage: { senderId: `SELLER${n}`, type: 'text', content: `Hello from ${n}`, createdAt: ago(5) },
    unreadCount: 0,
    createdAt: ago(60),
    updatedAt: ago(5),
    ...over,
  };
}

function message(n: number, conversationId: string, over: Partial<Message> = {}): Message {
  return {
    id: mid(n),
    conversationId,
    senderId: 'SELLER1',
    senderUsername: 'seller_1',
    type: 'text',
    content: `message ${n}`,
    createdAt: ago(10 - n),
    ...over,
  };
}

/** A messaging server in memory: the list (with `with`), one conversation, its messages, send, read, the count. */
function messageServer(conversations: ConversationSummary[], messages: Record<string, Message[]> = {}) {
  let next = 100;
  const total = () => conversations.reduce((sum, c) => sum + c.unreadCount, 0);
  const route = (req: ApiRequest) => {
    const path = req.url.pathname;
    if (path === '/api/me/conversations' && req.method === 'GET') {
      const withUser = req.url.searchParams.get('with');
      const items = withUser ? conversations.filter((c) => c.otherParty.id === withUser) : conversations;
      return { body: { items, unreadCount: total() } };
    }
    if (path === '/api/me/messages/unread') return { body: { unreadCount: total() } };
    if (path === '/api/me/notifications/summary') return { body: { unreadCount: 0, latest: [] } };
    if (path === '/api/listings') return { body: page([]) };
    const m = /^\/api\/me\/conversations\/(\w+)(\/messages|\/read)?$/.exec(path);
    const c = m && conversations.find((x) => x.id === m[1]);
    if (m && !c) return { status: 404, body: { error: { code: 'not_found', message: 'Conversation not found' } } };
    if (!m || !c) return undefined;
    if (!m[2]) return { body: c };
    if (m[2] === '/read') {
      c.unreadCount = 0;
      return { body: { conversationId: c.id, unreadCount: total() } };
    }
    if (req.method === 'GET') return { body: { items: messages[c.id] ?? [], more: false, otherReadAt: null } };
    const sent = message(next++, c.id, {
      senderId: ME,
      senderUsername: 'alice_1',
      content: (req.body as { content: string }).content,
      createdAt: new Date().toISOString(),
    });
    (messages[c.id] ??= []).push(sent);
    return { status: 201, body: sent };
  };
  return { route, conversations, messages };
}

function signedIn(server: ReturnType<typeof messageServer>, width = 1280) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  saveSession();
  stubSocket();
  realtime.setToken(`drop-${Math.random()}`);
  return stubApi(sessionRoutes(() => user(), server.route));
}

const main = () => screen.getByRole('main');
/** The first find of a test waits for the page's lazily loaded code (slow on a busy machine). */
const LOAD = { timeout: 5_000 };
const chatLog = () => screen.findByRole('log', {}, { timeout: 5_000 });

function pushed(event: { type: string; data: unknown }) {
  const socket = FakeSocket.instances.at(-1)!;
  act(() =>
    socket.emit({
      type: 'event',
      topic: `user:${ME}`,
      event: { id: `e-${Math.random()}`, occurredAt: new Date().toISOString(), topic: `user:${ME}`, ...event },
    }),
  );
}

async function subscribed() {
  await waitFor(() =>
    expect(FakeSocket.instances.at(-1)?.sent).toContainEqual({ action: 'subscribe', topic: `user:${ME}` }),
  );
}

describe('/messages (spec part 2 "Messages page")', () => {
  it("signed out: 'Authentication Required' and a way to connect", async () => {
    stubApi((req) => (req.url.pathname === '/api/listings' ? { body: page([]) } : undefined));
    renderRoutes(routes, '/messages');
    expect(await within(main()).findByText('Authentication Required', {}, LOAD)).toBeTruthy();
    fireEvent.click(within(main()).getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByRole('dialog', { name: 'Connect Your Wallet' })).toBeTruthy();
  });

  it('lists conversations with the other party, listing, last message, age and unread count', async () => {
    signedIn(
      messageServer([
        conversation(1, { unreadCount: 3, updatedAt: ago(0.2) }),
        conversation(2, {
          lastMessage: { senderId: ME, type: 'text', content: 'My offer stands', createdAt: ago(120) },
          updatedAt: ago(120),
        }),
        conversation(3, { listing: null, lastMessage: null, updatedAt: ago(3 * 24 * 60) }),
      ]),
    );
    renderRoutes(routes, '/messages');
    const list = await within(main()).findByRole('list', { name: 'Conversations' }, LOAD);
    const items = within(list).getAllByRole('button');
    // Each starts with the other party's initial (their avatar).
    expect(items.map((i) => i.textContent)).toEqual([
      'Sseller_1Just nowLamp 1Hello from 13',
      'Sseller_22h agoLamp 2You: My offer stands',
      'Sseller_33d agoStore of seller_3No messages yet',
    ]);
    expect(within(items[0]!).getByLabelText('3 unread')).toBeTruthy();
    expect(within(main()).getByText('Select a conversation to start messaging')).toBeTruthy();
  });

  it('empty and failing lists say so', async () => {
    signedIn(messageServer([]));
    const view = renderRoutes(routes, '/messages');
    expect(await within(main()).findByText('No conversations yet', {}, LOAD)).toBeTruthy();
    view.unmount();
    stubApi(
      sessionRoutes(
        () => user(),
        (req) =>
          req.url.pathname === '/api/me/conversations'
            ? { status: 500, body: { error: { code: 'internal', message: 'Internal error' } } }
            : undefined,
      ),
    );
    renderRoutes(routes, '/messages');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((await screen.findAllByText('Failed to load conversations')).length).toBeGreaterThanOrEqual(1);
  });

  it('?conversation= opens it, shows the messages and marks it read; the header count follows', async () => {
    const c = conversation(1, { unreadCount: 2 });
    const server = messageServer([c, conversation(2)], {
      [c.id]: [message(1, c.id), message(2, c.id, { senderId: ME, senderUsername: 'alice_1', content: 'mine' })],
    });
    const api = signedIn(server);
    renderRoutes(routes, `/messages?conversation=${c.id}`);
    const log = await chatLog();
    expect(await within(log).findByText('message 1')).toBeTruthy();
    expect(within(log).getByText('mine').closest('.bubble-mine')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /seller_1/, level: 2 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lamp 1' }).getAttribute('href')).toBe('/item/L1');
    await waitFor(() => expect(api.find('POST', `/api/me/conversations/${c.id}/read`)).toHaveLength(1));
    expect(within(main()).getByRole('button', { current: true }).textContent).toContain('seller_1');
    await waitFor(() => expect(within(main()).queryByLabelText('2 unread')).toBeNull());
    expect(await screen.findByRole('button', { name: 'alice_1 account' })).toBeTruthy();
  });

  it("?conversation= with a buyer's id opens the latest conversation with that user", async () => {
    const c = conversation(4, { role: 'seller', otherParty: { id: 'BUYER9', username: 'bea' } });
    signedIn(messageServer([conversation(1), c]));
    const { router } = renderRoutes(routes, '/messages?conversation=BUYER9');
    await chatLog();
    expect(screen.getByRole('heading', { name: /bea/, level: 2 })).toBeTruthy();
    expect(router.state.location.search).toBe(`?conversation=${c.id}`);
  });

  it('Enter sends, Shift+Enter does not, empty messages are not sent', async () => {
    const c = conversation(1);
    const api = signedIn(messageServer([c], { [c.id]: [] }));
    renderRoutes(routes, `/messages?conversation=${c.id}`);
    expect(await screen.findByText('No messages yet. Say hello!')).toBeTruthy();
    const box = await screen.findByLabelText('Message', {}, LOAD);
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: 'Is it still available?' } });
    expect(fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })).toBe(true);
    expect(api.find('POST', `/api/me/conversations/${c.id}/messages`)).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(await chatLog()).findByText('Is it still available?')).toBeTruthy();
    const sent = api.find('POST', `/api/me/conversations/${c.id}/messages`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ content: 'Is it still available?' });
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it("a failed send says 'Failed to send message' and keeps the text", async () => {
    const c = conversation(1);
    const server = messageServer([c], { [c.id]: [] });
    signedIn(server);
    stubApi(
      sessionRoutes(
        () => user(),
        (req) =>
          req.method === 'POST' && req.url.pathname.endsWith('/messages')
            ? { status: 429, body: { error: { code: 'too_many_requests', message: 'Too many requests' } } }
            : server.route(req),
      ),
    );
    renderRoutes(routes, `/messages?conversation=${c.id}`);
    const box = await screen.findByLabelText('Message', {}, LOAD);
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('hello');
  });

  it("the other party's message arrives live in the open chat; others move their conversation up", async () => {
    const [a, b] = [conversation(1), conversation(2)];
    const api = signedIn(messageServer([a, b], { [a.id]: [message(1, a.id)] }));
    renderRoutes(routes, `/messages?conversation=${a.id}`);
    await within(await chatLog()).findByText('message 1');
    await subscribed();
    pushed({
      type: 'message.created',
      data: { message: message(7, a.id, { content: 'Yes, still here' }), unread: { conversation: 1, total: 1 } },
    });
    expect(await within(await chatLog()).findByText('Yes, still here')).toBeTruthy();
    // Open in front: read at once.
    await waitFor(() => expect(api.find('POST', `/api/me/conversations/${a.id}/read`)).toHaveLength(1));
    pushed({
      type: 'message.created',
      data: {
        message: message(8, b.id, { senderId: 'SELLER2', senderUsername: 'seller_2', content: 'Over here' }),
        unread: { conversation: 1, total: 1 },
      },
    });
    const list = within(main()).getByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(within(list).getAllByRole('button')[0]!.textContent).toContain('Over here'));
    expect(within(list).getByLabelText('1 unread')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'alice_1 account, 1 unread messages' })).toBeTruthy();
  });

  it('on a phone: the list, then the chat with a way back', async () => {
    const c = conversation(1);
    signedIn(messageServer([c], { [c.id]: [message(1, c.id)] }), 390);
    const { container } = renderRoutes(routes, '/messages');
    const layout = () => container.querySelector('.messages-layout')!;
    fireEvent.click(await within(main()).findByRole('button', { name: /seller_1/ }, LOAD));
    await chatLog();
    expect(layout().getAttribute('data-view')).toBe('chat');
    fireEvent.click(screen.getByRole('button', { name: '← All conversations' }));
    await waitFor(() => expect(layout().getAttribute('data-view')).toBe('list'));
  });
});

describe('the account panel', () => {
  it('links to /messages with the unread count, and the trigger shows it too', async () => {
    signedIn(messageServer([conversation(1, { unreadCount: 4 })]));
    renderRoutes(routes, '/');
    const trigger = await screen.findByRole('button', { name: 'alice_1 account, 4 unread messages' }, LOAD);
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const panel = await screen.findByRole('menu');
    const link = within(panel).getByRole('menuitem', { name: /Messages/ });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(within(link).getByLabelText('4 unread')).toBeTruthy();
  });
});
