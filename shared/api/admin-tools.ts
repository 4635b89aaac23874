import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * The admin Tools tab (decision 066): carrier tests against the configured carrier. A label a tool makes is a test
 * parcel, and a simulated webhook names only test parcels: no tool can release an order.
 */

const ZIP = /^\d{5}$/;
const zip = z.string().check(z.trim(), z.regex(ZIP, 'Enter a 5-digit ZIP code.'));
const weightLb = z
  .number('Enter the weight in pounds.')
  .check(z.gt(0, 'The weight must be above 0.'), z.lte(150, 'The weight can be at most 150 lb.'));
const trackingNumber = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Please enter a tracking number'),
    z.maxLength(40, 'A tracking number has at most 40 characters'),
  );

/** The simulated webhook's statuses: what a real carrier event would say of the parcel. */
export const SIMULATED_STATUSES = ['in_transit', 'out_for_delivery', 'delivered'] as const;

export const CARRIER_TOOLS = ['rates', 'label', 'track', 'checkSingle', 'checkPending', 'webhook'] as const;
export type CarrierTool = (typeof CARRIER_TOOLS)[number];

const route = { fromZip: zip, toZip: zip, weightLb };

export const carrierToolInputSchema = z.discriminatedUnion('tool', [
  z.strictObject({ tool: z.literal('rates'), ...route }),
  z.strictObject({ tool: z.literal('label'), ...route, serviceType: z.optional(z.string().check(z.maxLength(40))) }),
  z.strictObject({ tool: z.literal('track'), trackingNumber }),
  z.strictObject({ tool: z.literal('checkSingle'), trackingNumber }),
  z.strictObject({ tool: z.literal('checkPending') }),
  z.strictObject({
    tool: z.literal('webhook'),
    trackingNumber,
    status: z.enum(SIMULATED_STATUSES, 'Choose a status.'),
  }),
]);
export type CarrierToolInput = z.infer<typeof carrierToolInputSchema>;

const quote = z.object({
  serviceType: z.string(),
  serviceName: z.string(),
  amountCents: z.number(),
  transitDays: z.nullable(z.number()),
  deliveryDay: z.nullable(z.string()),
});

export const carrierToolResultSchema = z.discriminatedUnion('tool', [
  z.object({ tool: z.literal('rates'), quotes: z.array(quote) }),
  z.object({
    tool: z.literal('label'),
    trackingNumber: z.string(),
    serviceType: z.string(),
    chargeCents: z.nullable(z.number()),
    /** Always true: the number is recorded as a test parcel, which no order can claim. */
    testParcel: z.boolean(),
  }),
  z.object({
    tool: z.literal('track'),
    trackingNumber: z.string(),
    found: z.boolean(),
    status: z.string(),
    description: z.string(),
    events: z.array(z.object({ at: z.nullable(z.string()), status: z.string(), description: z.string() })),
  }),
  z.object({
    tool: z.literal('checkSingle'),
    trackingNumber: z.string(),
    status: z.string(),
    isDelivered: z.boolean(),
    deliveredAt: z.nullable(z.string()),
    lastUpdate: z.nullable(z.string()),
  }),
  z.object({
    tool: z.literal('checkPending'),
    /** A dry run: parcels asked of the carrier, how many would be released; nothing is released. */
    processed: z.number(),
    deliverable: z.number(),
    released: z.number(),
    errors: z.array(z.string()),
  }),
  z.object({
    tool: z.literal('webhook'),
    trackingNumber: z.string(),
    signatureAccepted: z.boolean(),
    escrowTriggered: z.boolean(),
  }),
]);
export type CarrierToolResult = z.infer<typeof carrierToolResultSchema>;

/** Runs one carrier test (administrators only; audited). */
export const runCarrierTool = defineContract({
  method: 'POST',
  path: '/api/admin/tools/carrier',
  body: carrierToolInputSchema,
  response: carrierToolResultSchema,
});

/**
 * The escrow test (decision 070): the platform's wallet locks one cent of RLUSD in a conditional escrow to itself and
 * finishes it, as orders' escrows are made and released. The body is empty: it can never be aimed at an order.
 */
/** What the test locks: one cent, the least RLUSD amount the money conversion states. */
export const ESCROW_TEST_CENTS = 1;

export const ESCROW_TEST_STEPS = ['check', 'create', 'finish'] as const;
export type EscrowTestStepName = (typeof ESCROW_TEST_STEPS)[number];

const escrowTestStep = z.object({
  step: z.enum(ESCROW_TEST_STEPS),
  /** skipped: an earlier step failed, so this one was not tried. */
  status: z.enum(['ok', 'failed', 'skipped']),
  txid: z.nullable(z.string()),
  ledgerIndex: z.nullable(z.number()),
  explorerUrl: z.nullable(z.string()),
  /** Wall-clock milliseconds the step took. */
  ms: z.number(),
  /** What the ledger said (a result code) or why the step failed; null when it passed. */
  detail: z.nullable(z.string()),
});
export type EscrowTestStep = z.infer<typeof escrowTestStep>;

export const escrowTestResultSchema = z.object({
  passed: z.boolean(),
  /** The platform wallet: the escrow's owner and its destination. */
  account: z.string(),
  amountCents: z.number(),
  /** The escrow's sequence (with the account it names the escrow), once it was created. */
  sequence: z.nullable(z.number()),
  /** Earlier tests' escrows (their finish failed) returned to the wallet before this one: at most one a run. */
  earlierReturned: z.number(),
  steps: z.array(escrowTestStep),
  totalMs: z.number(),
});
export type EscrowTestResult = z.infer<typeof escrowTestResultSchema>;

/** Runs one escrow test (administrators only; one at a time; audited). */
export const runEscrowTest = defineContract({
  method: 'POST',
  path: '/api/admin/tools/escrow-test',
  body: z.strictObject({}),
  response: escrowTestResultSchema,
});
