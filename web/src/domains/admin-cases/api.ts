import useSWR from 'swr';
import * as contracts from '../../../../shared/api/admin-cases';
import type { CaseKind, CaseOutcome } from '../../../../shared/api/admin-cases';
import { resolveDispute } from '../../../../shared/api/disputes';
import { resolveReturn } from '../../../../shared/api/returns';
import { apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { keys } from '../keys';

/** The open disputes and escalated returns, soonest deadline first (decision 068). */
export function useCases(token: string, userId: string) {
  return useSWR(keys.adminCases(userId), () => apiGet(contracts.listCases, { token }));
}

/** One order's case with both sides, its conversation and timeline; null: none chosen. */
export function useCase(token: string, userId: string, orderId: string | null) {
  return useSWR(orderId ? keys.adminCase(userId, orderId) : null, () =>
    apiGet(contracts.getCase, { token, params: { orderId: orderId! } }),
  );
}

/**
 * An administrator's decision with its written reason, through the dispute's or the return's own route (one
 * Idempotency-Key per click: a lost answer retried is never a second decision).
 */
export function resolveCase(token: string, kind: CaseKind, orderId: string, outcome: CaseOutcome, note: string) {
  const idempotencyKey = newIdempotencyKey();
  if (kind === 'dispute') {
    return apiSend(resolveDispute, {
      token,
      params: { orderId },
      body: { outcome: outcome as 'release' | 'refund', note },
      idempotencyKey,
    });
  }
  return apiSend(resolveReturn, {
    token,
    params: { orderId },
    body: { outcome: outcome as 'refund' | 'close', note },
    idempotencyKey,
  });
}
