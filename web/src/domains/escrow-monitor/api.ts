import useSWR from 'swr';
import * as contracts from '../../../../shared/api/admin-escrow';
import type { EscrowFilter } from '../../../../shared/domain/escrow-monitor';
import { apiGet, apiSend, newIdempotencyKey } from '../../lib/api';
import { keys } from '../keys';

/** The admin escrow monitor under a filter (empty: every bucket) and a search (decision 065). */
export function useEscrowMonitor(token: string, status: EscrowFilter | '', q: string) {
  return useSWR(keys.escrowMonitor(status, q), () =>
    apiGet(contracts.listEscrows, { token, query: { ...(status && { status }), ...(q && { q }) } }),
  );
}

/** Retry Settlement: one click, one Idempotency-Key, so a lost answer retried never runs it twice. */
export function retrySettlement(token: string, orderId: string) {
  return apiSend(contracts.retrySettlement, {
    token,
    params: { orderId },
    body: {},
    idempotencyKey: newIdempotencyKey(),
  });
}
