import { ulid } from 'ulid';
import type { MessagingDeps } from '../core/messages/ports';
import { enforceRateLimit } from '../core/auth/rate-limit';
import { systemClock } from '../core/clock/clock';
import { clock } from '../adapters/clock';
import { directContact } from '../adapters/db/direct-contact';
import { readCards } from '../adapters/db/listing-cards';
import { messageStore } from '../adapters/db/message-store';
import { rateLimitStore } from '../adapters/db/rate-limit-store';
import { db } from '../adapters/db/service';
import { eventQueue } from '../adapters/event-queue';
import { mediaUrl } from '../adapters/media-url';
import type { Logger } from '../lib/logger';
import { accounts } from './auth';

/** The messaging use cases wired to the table, the events queue and the per-user send limit. */
function messagingDeps(log: Pick<Logger, 'warn'>): MessagingDeps {
  return {
    store: messageStore(db()),
    listings: (ids) => readCards(db(), ids),
    async user(userId) {
      const found = await accounts().user(userId);
      return found && { userId: found.userId, username: found.username };
    },
    mediaUrl,
    events: eventQueue,
    // Per-user limits count in real time, as the sessions do (wiring/auth.ts).
    limitSends: (userId) => enforceRateLimit(rateLimitStore(db()), 'sendMessage', `user:${userId}`, systemClock.now()),
    limitStarts: (userId) =>
      enforceRateLimit(rateLimitStore(db()), 'startConversation', `user:${userId}`, systemClock.now()),
    directContact: directContact(db()),
    newId: (at) => ulid(at.getTime()),
    clock,
    warn: (message, error) => log.warn(message, { error }),
  };
}

export const startConversationDeps = messagingDeps;
export const listConversationsDeps = messagingDeps;
export const getUnreadMessageCountDeps = messagingDeps;
export const getConversationDeps = messagingDeps;
export const listMessagesDeps = messagingDeps;
export const sendMessageDeps = messagingDeps;
export const markConversationReadDeps = messagingDeps;
