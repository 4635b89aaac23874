import type { Order } from '../../../../shared/api/orders';

export type { Order };

/** The status badge of an order (spec part 2 "Escrow status", our order states before the escrow exists). */
export function orderStatusLabel(o: Pick<Order, 'status' | 'escrowStatus'>): string {
  switch (o.status) {
    case 'awaiting_signature':
      return 'Awaiting signature';
    case 'submitting':
      return 'Confirming';
    case 'cancelled':
      return 'Cancelled';
    case 'funded':
      if (o.escrowStatus === 'completed') return 'Escrow released';
      if (o.escrowStatus === 'cancelled') return 'Escrow refunded';
      return 'Escrow pending';
  }
}

/** The badge's colour class. */
export function orderStatusTone(o: Pick<Order, 'status' | 'escrowStatus'>): string {
  if (o.status === 'cancelled') return 'badge-danger';
  if (o.status === 'funded') return 'badge-accent';
  return 'badge-warning';
}

const CANCEL_REASONS: Record<string, string> = {
  signing_cancelled: 'The escrow request was rejected in the wallet.',
  signing_expired: 'The escrow request expired before it was signed.',
  blob_refused: 'The signed transaction did not match the order.',
  ledger_failed: 'The ledger did not accept the escrow.',
  reservation_expired: 'The items were released because the escrow was not signed in time.',
};

/** Why an order was cancelled, in words. */
export function cancelReasonText(reason: string | null): string | null {
  if (!reason) return null;
  return CANCEL_REASONS[reason] ?? 'The order was cancelled.';
}

/**
 * The ledger explorer's page of a transaction, from the account page the wallet balances route names (the explorers
 * of every network the app runs on keep transactions beside accounts: `/accounts/<address>`, `/transactions/<hash>`).
 * null when the account page has another form.
 */
export function explorerTxUrl(accountExplorerUrl: string | undefined, txHash: string): string | null {
  if (!accountExplorerUrl || !/^[0-9A-F]{64}$/i.test(txHash)) return null;
  const match = /^(.*\/)accounts\/r[1-9A-HJ-NP-Za-km-z]{24,34}\/?$/.exec(accountExplorerUrl);
  return match ? `${match[1]}transactions/${txHash}` : null;
}

/** 'Mar 5, 2026' */
export function orderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
