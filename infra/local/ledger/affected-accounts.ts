import { type TxMeta } from './engine';

const ACCOUNT_FIELDS = ['Account', 'Destination', 'Owner', 'RegularKey'] as const;
const LIMIT_FIELDS = ['LowLimit', 'HighLimit'] as const;

function collect(fields: Record<string, unknown> | undefined, into: Set<string>): void {
  if (!fields) return;
  for (const name of ACCOUNT_FIELDS) if (typeof fields[name] === 'string') into.add(fields[name]);
  for (const name of LIMIT_FIELDS) {
    const issuer = (fields[name] as { issuer?: unknown } | undefined)?.issuer;
    if (typeof issuer === 'string') into.add(issuer);
  }
}

/**
 * The accounts a transaction concerns, as rippled's account streams and account_tx see them: its sender and
 * destination, and every account named in the entries it created, changed or deleted (trust line sides included).
 */
export function affectedAccounts(txJson: Record<string, unknown>, meta: TxMeta): Set<string> {
  const accounts = new Set<string>();
  collect(txJson, accounts);
  for (const node of meta.AffectedNodes) {
    const inner = Object.values(node)[0] as Record<string, Record<string, unknown> | undefined>;
    collect(inner.FinalFields, accounts);
    collect(inner.NewFields, accounts);
    collect(inner.PreviousFields, accounts);
  }
  return accounts;
}
