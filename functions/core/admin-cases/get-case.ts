import { CASE_MESSAGES_LIMIT, type CaseView } from '../../../shared/api/admin-cases';
import { NotFoundError } from '../../lib/errors';
import { conversationIdOf } from '../messages/conversation-id';
import { toMessage } from '../messages/conversation-view';
import type { OrderRecord } from '../orders/order';
import type { ReturnRecord } from '../returns/ports';
import {
  caseTimeline,
  disputeCase,
  disputeNeedsAdmin,
  disputeStatements,
  outcomesOf,
  returnCase,
  returnNeedsAdmin,
  returnStatements,
} from './case-rules';
import type { CaseDeps } from './ports';

/** The order's item conversation (the one its notes go to), newest CASE_MESSAGES_LIMIT, oldest first. */
async function conversationOf(o: OrderRecord, deps: Pick<CaseDeps, 'messages'>) {
  const c = await deps.messages.conversation(conversationIdOf({ listingId: o.lines[0]!.listingId }, o.buyerId));
  if (!c) return { messages: [], moreMessages: false };
  const page = await deps.messages.messages(c.conversationId, { limit: CASE_MESSAGES_LIMIT });
  const messages = page.items
    .map((m) => toMessage(c, m))
    .reverse()
    .map(({ id, senderUsername, type, content, createdAt }) => ({ id, senderUsername, type, content, createdAt }));
  return { messages, moreMessages: page.more };
}

/** Which of the order's dispute and return is its case: the one waiting, else the one that was (a return once escalated). */
function caseOf(o: OrderRecord, r: ReturnRecord | null, mediaUrl: CaseDeps['mediaUrl']) {
  const escalated = r?.escalatedAt ? r : null;
  if (o.dispute && (disputeNeedsAdmin(o) || !escalated)) {
    const d = o.dispute;
    return {
      ...disputeCase(o),
      status: d.status,
      open: disputeNeedsAdmin(o),
      statements: disputeStatements(o, mediaUrl),
      resolution: d.status === 'open' || !d.resolution ? null : { ...d.resolution, outcome: d.status },
    };
  }
  if (!escalated) return null;
  return {
    ...returnCase(escalated),
    status: escalated.stage,
    open: returnNeedsAdmin(escalated),
    statements: returnStatements(escalated),
    resolution: escalated.resolution,
  };
}

/**
 * One case for the admin portal (decision 068): both sides' words and photos, the order's conversation (the parties'
 * messages and each step's note) and its timeline. Nothing secret: no escrow terms, no address.
 */
export async function getCase(orderId: string, deps: CaseDeps): Promise<CaseView> {
  const [order, ret] = await Promise.all([deps.orders.get(orderId), deps.returns.get(orderId)]);
  const found = order && caseOf(order, ret, deps.mediaUrl);
  if (!order || !found) throw new NotFoundError('This order has no dispute or escalated return.');
  const { resolution, ...rest } = found;
  return {
    ...rest,
    outcomes: outcomesOf(found, found.open),
    resolution: resolution && { outcome: resolution.outcome, note: resolution.note, at: resolution.at },
    ...(await conversationOf(order, deps)),
    timeline: caseTimeline(order, ret),
  };
}
