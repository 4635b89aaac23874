import useSWR from 'swr';
import * as contracts from '../../../../shared/api/wallet';
import { getWalletBalances } from '../../../../shared/api/wallet';
import type { ResponseOf } from '../../../../shared/api/contract';
import { apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { keys } from '../keys';

export type WalletBalances = ResponseOf<typeof getWalletBalances>;

export function fetchWalletBalances(token: string): Promise<WalletBalances> {
  return apiGet(getWalletBalances, { token });
}

/**
 * The signed-in wallet's balances; one cache entry shared by the header chip, the account panel and /wallet. Keyed by
 * the wallet, not the token, so a renewed token does not empty the cache (SWR calls the latest fetcher).
 */
export function useWalletBalances(session: { token: string; walletAddress: string } | null) {
  const token = session?.token;
  return useSWR(session ? keys.walletBalances(session.walletAddress) : null, () => fetchWalletBalances(token!));
}

/** RLUSD in cents, or 0 when it is missing or the read failed (spec part 1 "Fallbacks": '$0.00'). */
export function rlusdCents(balances: WalletBalances | undefined): number {
  return balances?.balances.find((b) => b.currency === 'RLUSD')?.cents ?? 0;
}

/** Whether the signed-in wallet has an RLUSD trust line (a seller's escrows pay out to it). */
export function getRlusdTrustLine(token: string, signal?: AbortSignal) {
  return apiGet(contracts.getRlusdTrustLine, { token, signal });
}

/**
 * Asks for the wallet request of an RLUSD trust line (a TrustSet signed in Xaman), with its own Idempotency-Key; the
 * answer is 'exists' when the wallet has the line already.
 */
export function requestRlusdTrustLine(token: string) {
  return apiSend(contracts.requestRlusdTrustLine, { token, body: {}, idempotencyKey: newIdempotencyKey() });
}
