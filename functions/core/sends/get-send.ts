import type { Send } from '../../../shared/api/sends';
import { NotFoundError } from '../../lib/errors';
import type { SendRecord, SendStore } from './sends';
import { explorerTransactionUrl, type ExplorerNetwork } from '../wallet/wallet-balances';

export interface GetSendDeps {
  sends: Pick<SendStore, 'get'>;
  network: ExplorerNetwork;
  ledgerUrl: string;
}

/** A send as its sender reads it; the hash (and its explorer page) while it is submitted and once it is validated. */
export function toSendView(s: SendRecord, links: Omit<GetSendDeps, 'sends'>): Send {
  const hash = s.status === 'sent' || s.status === 'submitting' ? s.txHash : null;
  return {
    id: s.sendId,
    status: s.status,
    currency: s.amount.currency,
    amountCents: s.amount.currency === 'RLUSD' ? s.amount.cents : null,
    amountDrops: s.amount.currency === 'XRP' ? s.amount.drops : null,
    destination: s.destination,
    destinationTag: s.destinationTag,
    txHash: hash,
    explorerUrl: hash ? explorerTransactionUrl(links.network, links.ledgerUrl, hash) : null,
    failure: s.failure,
    createdAt: s.createdAt,
  };
}

/** The caller's own send; anyone else's does not exist for them (decision 060). */
export async function getSend(userId: string, sendId: string, deps: GetSendDeps): Promise<Send> {
  const send = await deps.sends.get(sendId);
  if (!send || send.senderId !== userId) throw new NotFoundError('Send not found', 'send_not_found');
  return toSendView(send, deps);
}
