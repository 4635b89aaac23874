import { cancelOrder, settleEscrowSigning, submitRecorded, type SettleDeps } from './settle-escrow';

/**
 * Orders whose reservation ran out: unsigned ones are cancelled and their units go back; one already signed and
 * submitted is followed to its ledger outcome instead. Runs on a schedule; safe to run twice.
 */
export async function releaseReservations(deps: SettleDeps, limit = 100): Promise<number> {
  const lapsed = await deps.orders.lapsedReservations(deps.clock.now().toISOString(), limit);
  for (const order of lapsed) {
    if (order.status === 'submitting') {
      await submitRecorded(order, deps);
      continue;
    }
    // Signed just now and not yet settled: fund it rather than take its units away.
    if (order.signing && (await deps.signer.get(order.signing.uuid))?.status === 'signed') {
      await settleEscrowSigning(
        { uuid: order.signing.uuid, purpose: 'escrow-create', subjectId: order.orderId, status: 'signed' },
        deps,
      );
      continue;
    }
    await cancelOrder(order, 'reservation_expired', deps);
  }
  return lapsed.length;
}
