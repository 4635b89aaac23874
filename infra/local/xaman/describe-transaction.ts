import { dropsToXrp, rippleTimeToUnixTime } from 'xrpl';

export interface DescribedRow {
  label: string;
  value: string;
}

export interface DescribedRequest {
  title: string;
  rows: DescribedRow[];
}

const TITLES: Record<string, string> = {
  SignIn: 'Sign in',
  Payment: 'Payment',
  TrustSet: 'Trust a token',
  EscrowCreate: 'Lock funds in escrow',
  EscrowFinish: 'Release an escrow',
  EscrowCancel: 'Cancel an escrow',
  AccountSet: 'Change account settings',
  SetRegularKey: 'Set a regular key',
};

/** A currency code as people write it: 3-letter codes as they are, 40-hex codes decoded when they hold text. */
export function currencyName(code: string): string {
  if (!/^[0-9A-Fa-f]{40}$/.test(code)) return code;
  const bytes = Buffer.from(code, 'hex');
  if (bytes[0] === 0) return code;
  const text = bytes.toString('latin1').replace(/\0+$/, '');
  return /^[\x20-\x7E]+$/.test(text) ? text : code;
}

function xrpFromDrops(drops: string): string {
  return `${dropsToXrp(drops)} XRP`;
}

/** An XRPL amount in words: drops as XRP, tokens as value, currency name and issuer. */
export function amountInWords(amount: unknown): string {
  if (typeof amount === 'string' && /^\d+$/.test(amount)) return xrpFromDrops(amount);
  if (amount && typeof amount === 'object') {
    const a = amount as { value?: unknown; currency?: unknown; issuer?: unknown; mpt_issuance_id?: unknown };
    if (typeof a.currency === 'string' && typeof a.value === 'string') {
      const issuer = typeof a.issuer === 'string' ? ` (issued by ${a.issuer})` : '';
      return `${a.value} ${currencyName(a.currency)}${issuer}`;
    }
    if (typeof a.mpt_issuance_id === 'string' && typeof a.value === 'string') {
      return `${a.value} of token ${a.mpt_issuance_id}`;
    }
  }
  return JSON.stringify(amount);
}

/** Hex memo text decoded as UTF-8 when it is text, else shown as hex. */
export function memoText(hex: unknown): string | undefined {
  if (typeof hex !== 'string' || !/^([0-9A-Fa-f]{2})*$/.test(hex)) return undefined;
  const text = Buffer.from(hex, 'hex').toString('utf8');
  return /^[^\p{Cc}\uFFFD]*$/u.test(text.replace(/[\n\t]/g, ' ')) ? text : `0x${hex}`;
}

function rippleTime(seconds: unknown): string | undefined {
  if (typeof seconds !== 'number') return undefined;
  return new Date(rippleTimeToUnixTime(seconds))
    .toISOString()
    .replace('T', ' ')
    .replace(/\.000Z$/, ' UTC');
}

/** The request in words for the sign page: what, how much, to whom, until when, and the memos. */
export function describeRequest(
  tx: Record<string, unknown>,
  instruction?: string | null,
  meta?: Record<string, unknown> | null,
): DescribedRequest {
  const type = String(tx.TransactionType);
  const rows: DescribedRow[] = [{ label: 'Type', value: type }];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined && value !== '') rows.push({ label, value });
  };
  // A sign-in names its site and a short code the site's own screen shows too (decision 078).
  if (typeof meta?.site === 'string') add('Site', meta.site);
  if (typeof meta?.signInCode === 'string') add('Sign-in code', meta.signInCode);
  if (instruction) add('Instruction from the app', instruction);
  if (type === 'SignIn')
    add('What it does', 'Proves you control the wallet you choose. Nothing is sent to the ledger.');
  add('From', typeof tx.Account === 'string' ? tx.Account : undefined);
  if (tx.Amount !== undefined) add('Amount', amountInWords(tx.Amount));
  if (tx.DeliverMax !== undefined) add('Amount', amountInWords(tx.DeliverMax));
  if (tx.SendMax !== undefined) add('Spend at most', amountInWords(tx.SendMax));
  if (tx.LimitAmount !== undefined) add('Trust limit', amountInWords(tx.LimitAmount));
  add('To', typeof tx.Destination === 'string' ? tx.Destination : undefined);
  add('Destination tag', typeof tx.DestinationTag === 'number' ? String(tx.DestinationTag) : undefined);
  add('Escrow owner', typeof tx.Owner === 'string' ? tx.Owner : undefined);
  add('Escrow sequence', typeof tx.OfferSequence === 'number' ? String(tx.OfferSequence) : undefined);
  add('Can be released after', rippleTime(tx.FinishAfter));
  add('Can be cancelled after', rippleTime(tx.CancelAfter));
  if (typeof tx.Condition === 'string') add('Condition', 'Released only with the secret fulfillment');
  if (typeof tx.Fulfillment === 'string') add('Fulfillment', 'Included');
  if (typeof tx.Fee === 'string') add('Network fee', xrpFromDrops(tx.Fee));
  const memos = Array.isArray(tx.Memos) ? (tx.Memos as { Memo?: Record<string, unknown> }[]) : [];
  for (const [i, m] of memos.entries()) {
    const label = memos.length > 1 ? `Memo ${i + 1}` : 'Memo';
    const kind = memoText(m.Memo?.MemoType);
    const data = memoText(m.Memo?.MemoData);
    add(label, kind && data ? `${data} (${kind})` : (data ?? kind));
  }
  return { title: TITLES[type] ?? type, rows };
}
