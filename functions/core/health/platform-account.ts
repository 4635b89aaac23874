import type { LedgerGateway } from '../ledger/ports';

/**
 * The platform account can do its work: it exists with an RLUSD trust line (fees are paid to it in RLUSD) that is not
 * frozen. Throws with the reason (for the log; the public answer only says failing).
 */
export async function checkPlatformAccount(ledger: Pick<LedgerGateway, 'rlusdLine'>, address: string): Promise<void> {
  const line = await ledger.rlusdLine(address);
  if (!line) throw new Error('the platform account has no RLUSD trust line (or does not exist)');
  if (line.frozen) throw new Error("the platform account's RLUSD trust line is frozen");
}
