import { ulid } from 'ulid';
import type { MessagingDeps } from '../core/messages/ports';
import { enforceRateLimit } from '../core/auth/rate-limit';
import type { Logger } from '../lib/logger';
import { accounts } from '../wiring/auth';
import { clock } from './clock';
import { readCards } from './db/listing-cards';
import { messageStore } from './db/message-store';
import { rateLimitStore } from './db/rate-limit-store';
import { db } from './db/service';
import { eventQueue } from './event-queue';
import { mediaUrl } from './media-url';

/** The messaging use cases wired to the table, the events queue and the per-user send limit. */
export function messageDeps(log: Logger): MessagingDeps {
  return {
    store: messageStore(db()),
    listings: (ids) => readCards(db(), ids),
    async user(userId) {
      const found = await accounts().user(userId);
      return found && { userId: found.userId, username: found.username };
    },
    mediaUrl,
    events: eventQueue,
    limitSends: (userId) => enforceRateLimit(rateLimitStore(db()), 'sendMessage', `user:${userId}`, new Date()),
    limitStarts: (userId) => enforceRateLimit(rateLimitStore(db()), 'startConversation', `user:${userId}`, new Date()),
    newId: (at) => ulid(at.getTime()),
    now: () => clock.now(),
    warn: (message, error) => log.warn(message, { error }),
  };
}
