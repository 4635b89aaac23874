import * as z from 'zod/mini';
import { MESSAGE_KINDS } from '../domain/messages';
import { defineContract } from './contract';

/**
 * The admin portal's Cases tab (decision 068): the disputes and returns waiting for an administrator, soonest deadline
 * first, and one case with both sides' words and photos, the order's conversation and its timeline. The decisions
 * themselves are the existing resolveDispute and resolveReturn routes.
 */

export const CASE_KINDS = ['dispute', 'return'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/** What an administrator may decide: a dispute is released or refunded; an escalated return refunded or closed. */
export const CASE_OUTCOMES = { dispute: ['release', 'refund'], return: ['refund', 'close'] } as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[CaseKind][number];

/** The queue shows at most this many cases (the soonest deadlines). */
export const CASES_LIMIT = 50;
/** A case shows at most this many of its conversation's newest messages. */
export const CASE_MESSAGES_LIMIT = 50;

const cents = z.number().check(z.int(), z.nonnegative());
const party = z.object({ id: z.string(), username: z.string() });

export const caseSummarySchema = z.object({
  orderId: z.string(),
  kind: z.enum(CASE_KINDS),
  /** The order's item titles. */
  title: z.string(),
  buyer: party,
  seller: party,
  /** A dispute: the escrow's amount; a return: the refund it asks for (the item price). */
  amountCents: cents,
  /** The buyer's reason, in words. */
  reason: z.string(),
  /** When the buyer opened it (a return: when it was sent to the marketplace). */
  openedAt: z.string(),
  /** When it ends by itself if nobody decides (a dispute: refunded at the release deadline); null: it waits. */
  deadline: z.nullable(z.string()),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

/** One side's words: the buyer's report or request, the seller's answers or note, each with its photos. */
export const caseStatementSchema = z.object({
  by: z.enum(['buyer', 'seller']),
  text: z.string(),
  photoUrls: z.array(z.string()),
  at: z.string(),
});

export const caseSchema = z.extend(caseSummarySchema, {
  /** The dispute's status or the return's stage. */
  status: z.string(),
  /** Waiting for an administrator: `outcomes` are what they may decide (none once it is decided). */
  open: z.boolean(),
  outcomes: z.array(z.enum(['release', 'refund', 'close'])),
  statements: z.array(caseStatementSchema),
  resolution: z.nullable(z.object({ outcome: z.string(), note: z.nullable(z.string()), at: z.string() })),
  /** The order's item conversation (the parties' messages and the system notes of each step), oldest first. */
  messages: z.array(
    z.object({
      id: z.string(),
      senderUsername: z.string(),
      type: z.enum(MESSAGE_KINDS),
      content: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Older messages exist than those shown. */
  moreMessages: z.boolean(),
  timeline: z.array(z.object({ at: z.string(), label: z.string() })),
});
export type CaseView = z.infer<typeof caseSchema>;

/** The open cases, soonest deadline first (a case without one after, oldest first), at most CASES_LIMIT. */
export const listCases = defineContract({
  method: 'GET',
  path: '/api/admin/cases',
  response: z.object({
    items: z.array(caseSummarySchema),
    /** More cases are open than shown: the rest appear as these are decided. */
    more: z.boolean(),
  }),
});

/** The order's case: its open dispute or escalated return, else its latest dispute or its return (404 if none). */
export const getCase = defineContract({
  method: 'GET',
  path: '/api/admin/cases/{orderId}',
  params: z.strictObject({
    orderId: z.string().check(z.regex(/^[0-9A-Za-z]{1,64}$/, 'Not an order id')),
  }),
  response: caseSchema,
});
