/**
 * The conversation list (the 20 most recent by last activity) of a user with 1,000 conversations: a local stack with no
 * seed data, 1,000 listings of other sellers, and for each a conversation of the user's with one message from its
 * seller (made by the app's own Contact Seller and send use cases, so every entry, count and index key is as the app
 * writes it); then sequential GET /api/me/conversations with the user's session through the gateway, and the DynamoDB
 * reads one request costs. `npx tsx tests/bench/conversation-list.ts [--write]` runs it alone (`--write` puts its rows
 * into docs/bench.md); `npm run bench` runs it in a child process.
 */
import os from 'node:os';
import { ulid } from 'ulid';
import type { MessagingDeps } from '../../functions/core/messages/ports';
import { CONVERSATIONS_LIST_LIMIT } from '../../shared/domain/messages';
import { startBareStack } from './bare-stack';
import { runAlone } from './bench-doc';
import { generateListings } from './generate-listings';
import { percentile } from './percentile';
import { countReads, type ReadTally } from './read-counter';

export const LIST_CONVERSATIONS = 1_000;
const WARM_UP = 30;
const TIMED = 300;
const COUNTED = 20;
/** Conversations made at once while setting up. */
const SETUP_CONCURRENCY = 16;

export interface ConversationListBench {
  conversations: number;
  p50: number;
  p95: number;
  n: number;
  /** DynamoDB reads of one request (mean over COUNTED requests). */
  reads: ReadTally;
  /** The machine's 1-minute load average when the timed requests began and ended (it is shared with other work). */
  load: [number, number];
}

export async function conversationList(): Promise<ConversationListBench> {
  const stack = await startBareStack('conversation-list');
  try {
    // Imported once the stack has set the environment the adapters read.
    const { db } = await import('../../functions/adapters/db/service');
    const { messageStore } = await import('../../functions/adapters/db/message-store');
    const { sessionDeps } = await import('../../functions/wiring/auth');
    const { openSession } = await import('../../functions/core/auth/sessions');
    const { startConversation } = await import('../../functions/core/messages/start-conversation');
    const { sendMessage } = await import('../../functions/core/messages/send-message');
    const { readCards } = await import('../../functions/adapters/db/listing-cards');
    const { dynamoRawClient } = await import('../../functions/lib/aws-clients');

    const listings = generateListings(LIST_CONVERSATIONS, new Date()).map((l) => l.item);
    const { unprocessed } = await db().entities.listing.put(listings).go({ concurrency: 8 });
    if (unprocessed.length > 0) throw new Error(`${unprocessed.length} listings not written`);

    const userId = ulid();
    const { token } = await openSession(userId, sessionDeps());
    const start = Date.now() - LIST_CONVERSATIONS * 1000;
    let tick = 0;
    const deps: MessagingDeps = {
      store: messageStore(db()),
      listings: (ids) => readCards(db(), ids),
      // The generated sellers and the user have no accounts: their names are made up here.
      user: async (id) => ({ userId: id, username: id === userId ? 'bench_buyer' : `seller_${id.slice(-4)}` }),
      mediaUrl: (key) => key,
      events: { publish: async () => undefined },
      limitSends: async () => undefined,
      limitStarts: async () => undefined,
      directContact: { allowed: async () => true, hasOrder: async () => false },
      newId: (at) => ulid(at.getTime()),
      // Each conversation a second newer than the one before, so the list has a clear order.
      clock: { now: () => new Date(start + 500 * tick++) },
      warn: () => undefined,
    };
    for (let i = 0; i < listings.length; i += SETUP_CONCURRENCY) {
      await Promise.all(
        listings.slice(i, i + SETUP_CONCURRENCY).map(async (l) => {
          const { conversation } = await startConversation(userId, { listingId: l.listingId }, deps);
          await sendMessage(l.sellerId, conversation.id, `Thanks for asking about ${l.title}.`, deps);
        }),
      );
    }

    const get = async () => {
      const res = await fetch(`${stack.url}/api/me/conversations`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`GET /api/me/conversations -> ${res.status}`);
      return (await res.json()) as { items: { listing: { title: string } | null }[]; unreadCount: number };
    };
    const check = await get();
    if (
      check.unreadCount !== LIST_CONVERSATIONS ||
      check.items.length !== CONVERSATIONS_LIST_LIMIT ||
      check.items.some((c) => !c.listing?.title)
    ) {
      throw new Error(`unexpected list: ${check.items.length} items, ${check.unreadCount} unread`);
    }
    for (let i = 0; i < WARM_UP; i++) await get();
    const samples: number[] = [];
    const loadBefore = os.loadavg()[0]!;
    for (let i = 0; i < TIMED; i++) {
      const t0 = performance.now();
      await get();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const load: [number, number] = [loadBefore, os.loadavg()[0]!];

    // Counted apart from the timing: asking for consumed capacity costs a little.
    const counter = countReads(dynamoRawClient());
    counter.take();
    for (let i = 0; i < COUNTED; i++) await get();
    const total = counter.take();
    const mean = (t: ReadTally[keyof ReadTally]) => ({
      calls: t.calls / COUNTED,
      rcu: t.rcu / COUNTED,
      items: t.items / COUNTED,
    });
    return {
      conversations: LIST_CONVERSATIONS,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      n: TIMED,
      load,
      reads: { query: mean(total.query), batchGet: mean(total.batchGet) },
    };
  } finally {
    await stack.dispose();
  }
}

export const CONVERSATION_LIST_ROW_PREFIX = '| conversation list:';

export function conversationListRows(r: ConversationListBench): string {
  const { query, batchGet } = r.reads;
  return [
    `${CONVERSATION_LIST_ROW_PREFIX} \`GET /api/me/conversations\` with ${r.conversations} conversations, p50 / p95 (n=${r.n}; load average ${r.load.map((l) => l.toFixed(1)).join(' → ')}) | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms | p95 ≤ 30 ms |`,
    `${CONVERSATION_LIST_ROW_PREFIX} DynamoDB reads a request for the 20 returned | ${query.items.toFixed(1)} items by ${query.calls.toFixed(1)} query (${query.rcu.toFixed(1)} RCU), ${batchGet.items.toFixed(1)} by batch-get | one index query, no scan |`,
  ].join('\n');
}

export const conversationListNotes = `Conversation list: a fresh local stack without seed data; ${LIST_CONVERSATIONS} generated listings of other sellers
and, for each, a conversation of one user's made by the app's Contact Seller and send use cases with one message from
the seller (so ${LIST_CONVERSATIONS} unread); then ${WARM_UP} warm-up and ${TIMED} sequential timed requests with the user's session
through the gateway (the session check, then the activity index's 20 newest entries, which carry their listing's
title and photo, and the unread total side by side). Reads counted on the app's DynamoDB client over ${COUNTED} further requests (query items are
ScannedCount: the index reads only what it returns). The row gives the machine's 1-minute load average as the timed
requests began and ended: the 2 cores may be shared with other work.`;

await runAlone(
  import.meta.url,
  () => conversationList(),
  (r) => ({ prefix: CONVERSATION_LIST_ROW_PREFIX, rows: conversationListRows(r), notes: conversationListNotes }),
);
