import type { CaseKind, CaseOutcome, CaseSummary } from '../../../../../../shared/api/admin-cases';

/** 'Nov 24, 2026, 10:00 AM UTC' (UTC: administrators decide across time zones by the same clock). */
export const caseTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

export const KIND_TEXT: Record<CaseKind, string> = { dispute: 'Dispute', return: 'Return' };

/** When the case ends by itself, or that it waits for a decision. */
export const deadlineText = (c: CaseSummary) =>
  c.deadline
    ? `Refunded to the buyer by itself on ${caseTime(c.deadline)} unless decided`
    : 'No deadline: it waits for a decision';

/** Each decision's button, its confirmation and its success toast, in the parties' names. */
export function outcomeTexts(c: CaseSummary, outcome: CaseOutcome) {
  const { buyer, seller } = { buyer: c.buyer.username, seller: c.seller.username };
  const seen = 'Both parties see your reason. This cannot be undone.';
  if (c.kind === 'dispute' && outcome === 'release') {
    return {
      button: 'Release',
      title: `Release the payment to ${seller}?`,
      description: `The escrow is released to ${seller} now. ${seen}`,
      done: `The payment is released to ${seller}.`,
    };
  }
  if (c.kind === 'dispute') {
    return {
      button: 'Refund',
      title: `Refund ${buyer}?`,
      description: `The payment goes back to ${buyer} when the ledger allows it (at CancelAfter). ${seen}`,
      done: `The payment goes back to ${buyer}.`,
    };
  }
  if (outcome === 'refund') {
    return {
      button: 'Refund',
      title: `Have ${seller} refund ${buyer}?`,
      description: `${seller} owes the refund: their store shows an unresolved return and they can list nothing new until it is paid. ${seen}`,
      done: `${seller} owes ${buyer} the refund.`,
    };
  }
  return {
    button: 'Close',
    title: 'Close the return without a refund?',
    description: `The return ends and ${seller} keeps the payment. ${seen}`,
    done: 'The return is closed.',
  };
}
