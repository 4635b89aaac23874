import type { SendRecord, SendStore } from '../../core/sends/sends';
import { conditionally } from './conditional';
import type { Db } from './service';

export function sendStore(db: Db): SendStore {
  const { walletSend } = db.entities;
  return {
    async create(s) {
      await walletSend
        .create({
          sendId: s.sendId,
          senderId: s.senderId,
          senderAddress: s.senderAddress,
          currency: s.amount.currency,
          ...(s.amount.currency === 'RLUSD' ? { amountCents: s.amount.cents } : { amountDrops: s.amount.drops }),
          destination: s.destination,
          ...(s.destinationTag !== null && { destinationTag: s.destinationTag }),
          status: s.status,
          signing: s.signing,
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
        })
        .go();
    },
    async get(sendId) {
      const { data: d } = await walletSend.get({ sendId }).go({ consistent: true });
      if (!d) return null;
      return {
        sendId: d.sendId,
        senderId: d.senderId,
        senderAddress: d.senderAddress,
        amount:
          d.currency === 'RLUSD'
            ? { currency: 'RLUSD', cents: d.amountCents ?? 0 }
            : { currency: 'XRP', drops: d.amountDrops ?? '0' },
        destination: d.destination,
        destinationTag: d.destinationTag ?? null,
        status: d.status,
        signing: d.signing as SendRecord['signing'],
        txHash: d.txHash ?? null,
        ledgerIndex: d.ledgerIndex ?? null,
        failure: d.failure ?? null,
        createdAt: d.createdAt,
        updatedAt: d.updatedAt,
      } satisfies SendRecord;
    },
    startSubmitting(sendId, txHash, at) {
      return conditionally(() =>
        walletSend
          .patch({ sendId })
          .set({ status: 'submitting', txHash, updatedAt: at })
          .where((a, op) => op.eq(a.status, 'signing'))
          .go(),
      );
    },
    finish(sendId, from, end, at) {
      const fields =
        end.status === 'sent'
          ? { txHash: end.txHash, ledgerIndex: end.ledgerIndex }
          : end.status === 'failed'
            ? { failure: end.failure }
            : {};
      return conditionally(() =>
        walletSend
          .patch({ sendId })
          .set({ status: end.status, ...fields, updatedAt: at })
          .where((a, op) => (from === 'signing' ? op.eq(a.status, 'signing') : op.eq(a.status, 'submitting')))
          .go(),
      );
    },
  };
}
