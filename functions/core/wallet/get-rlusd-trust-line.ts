import { walletOf, type TrustLineDeps } from './trust-line';

/** Whether the caller's wallet has its RLUSD trust line. */
export async function getRlusdTrustLine(userId: string, deps: Pick<TrustLineDeps, 'users' | 'ledger'>) {
  return { hasLine: (await deps.ledger.rlusdLine(await walletOf(userId, deps))) !== null };
}
