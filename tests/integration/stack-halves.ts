/**
 * `npm test` runs the integration files in two halves at once, each in its own vitest process against its own local
 * stack: the files spend most of their time waiting on the stack (queues, polling, ledger closes), so two halves keep
 * the cores busier than one (decision 048). Every file that moves a clock of its stack (the functions' through
 * /_local/clock, Xaman's or the ledger's through /_test/clock) is in the second half, where the files still run one
 * after another as they always did; the others there even out the halves' times. A unit test
 * (tests/unit/stack-halves.test.ts) fails when a file that moves a clock is not listed here.
 */
export const SECOND_HALF = [
  // Move a clock.
  'tests/integration/auction-close.test.ts',
  'tests/integration/auth-expiry.test.ts',
  'tests/integration/bids.test.ts',
  'tests/integration/checkout.test.ts',
  'tests/integration/disputes.test.ts',
  'tests/integration/holds.test.ts',
  'tests/integration/my-bids.test.ts',
  'tests/integration/offers.test.ts',
  'tests/integration/pickup-code.test.ts',
  'tests/integration/platform-label.test.ts',
  'tests/integration/release-refund.test.ts',
  'tests/integration/returns.test.ts',
  // Change a credential of the whole stack for a moment (decision 071).
  'tests/integration/admin-api-keys.test.ts',
  // Half of the contract fuzz (the other half is contract-fuzz-1 in the first half): it is the longest file by far.
  'tests/integration/contract-fuzz-2.test.ts',
];
