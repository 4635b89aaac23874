import {
  INVALID_ADDRESS,
  INVALID_DESTINATION_TAG,
  type Send,
  type SendCurrency,
} from '../../../../../shared/api/sends';
import { isClassicAddress, MAX_DESTINATION_TAG } from '../../../../../shared/domain/ledger-address';
import {
  AMOUNT_TOO_LARGE,
  dropsToXrpText,
  formatUsd,
  MAX_AMOUNT_CENTS,
  parseDollarsToCents,
  parseXrpToDrops,
} from '../../../../../shared/domain/money';
import { shortAddress } from '../../../../../shared/domain/username';
import type { SendFundsBody } from '../../../domains/sends/api';

/** What the Send Funds form holds, as typed. */
export interface SendForm {
  currency: SendCurrency;
  amount: string;
  destination: string;
  destinationTag: string;
}

export type SendField = keyof SendForm;
export type SendFormErrors = Partial<Record<SendField, string>>;

export const EMPTY_SEND_FORM: SendForm = { currency: 'RLUSD', amount: '', destination: '', destinationTag: '' };

export const SEND_TEXTS = {
  amountRlusd: 'Enter an amount in dollars above zero, with at most 2 decimals',
  amountXrp: 'Enter an amount of XRP above zero, with at most 6 decimals',
  self: 'You cannot send funds to your own wallet.',
  overBalance: (cents: number) => `Not enough RLUSD: your balance is ${formatUsd(cents)}.`,
} as const;

/** '$12.34 RLUSD' or '2.5 XRP'. */
export function sendAmountText(s: Pick<Send, 'currency' | 'amountCents' | 'amountDrops'>): string {
  return s.currency === 'RLUSD'
    ? `${formatUsd(s.amountCents ?? 0)} RLUSD`
    : `${dropsToXrpText(s.amountDrops ?? '0')} XRP`;
}

/** '$12.34 RLUSD to rHb9CJ...tyTh' (and its tag). */
export function sendSummary(
  s: Pick<Send, 'currency' | 'amountCents' | 'amountDrops' | 'destination' | 'destinationTag'>,
) {
  const tag = s.destinationTag === null ? '' : ` (tag ${s.destinationTag})`;
  return `${sendAmountText(s)} to ${shortAddress(s.destination)}${tag}`;
}

function readTag(text: string): number | undefined | null {
  const t = text.trim();
  if (t === '') return undefined;
  if (!/^\d{1,10}$/.test(t) || Number(t) > MAX_DESTINATION_TAG) return null;
  return Number(t);
}

/**
 * The form as the request's body, or what is wrong with each field before anything is sent (the server checks all of
 * it again, against the ledger): a positive amount in the currency's smallest unit (cents, drops) within the money
 * limit and, for RLUSD, the balance when it is known; a classic address that is not the sender's; a tag that fits 32
 * bits.
 */
export function readSendForm(
  form: SendForm,
  { sender, rlusdCents }: { sender: string; rlusdCents: number | null },
): { ok: true; body: SendFundsBody } | { ok: false; errors: SendFormErrors } {
  const errors: SendFormErrors = {};
  const destination = form.destination.trim();
  if (!isClassicAddress(destination)) errors.destination = INVALID_ADDRESS;
  else if (destination === sender) errors.destination = SEND_TEXTS.self;
  const tag = readTag(form.destinationTag);
  if (tag === null) errors.destinationTag = INVALID_DESTINATION_TAG;

  let amount: { currency: 'RLUSD'; amountCents: number } | { currency: 'XRP'; amountDrops: string } | null = null;
  if (form.currency === 'RLUSD') {
    const cents = parseDollarsToCents(form.amount);
    if (cents === undefined || cents <= 0) errors.amount = SEND_TEXTS.amountRlusd;
    else if (cents > MAX_AMOUNT_CENTS) errors.amount = AMOUNT_TOO_LARGE;
    else if (rlusdCents !== null && cents > rlusdCents) errors.amount = SEND_TEXTS.overBalance(rlusdCents);
    else amount = { currency: 'RLUSD', amountCents: cents };
  } else {
    const drops = parseXrpToDrops(form.amount);
    if (drops === undefined || BigInt(drops) <= 0n) errors.amount = SEND_TEXTS.amountXrp;
    else amount = { currency: 'XRP', amountDrops: drops };
  }
  if (!amount || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: { ...amount, destination, ...(tag !== undefined && tag !== null && { destinationTag: tag }) },
  };
}

/** A server refusal's fields, named as the form's (the body's amountCents and amountDrops are the amount field). */
export function formErrorsOf(fields: Record<string, string> | undefined): SendFormErrors {
  const errors: SendFormErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (name === 'amountCents' || name === 'amountDrops' || name === 'amount') errors.amount = message;
    else if (name === 'destination' || name === 'destinationTag') errors[name] = message;
  }
  return errors;
}
