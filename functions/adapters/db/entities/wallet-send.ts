import { Entity, type EntityConfiguration } from 'electrodb';
import { SEND_CURRENCIES, SEND_STATUSES } from '../../../../shared/api/sends';
import { TABLE_KEY } from '../table';

/**
 * A Send Funds payment (core/sends/sends.ts SendRecord, decision 060): read by its id only (its sender's own). The
 * amount is kept as the ledger states it: RLUSD cents or XRP drops (a string: drops exceed a safe integer).
 */
export const walletSendEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'walletSend', version: '1', service: 'marketplace' },
      attributes: {
        sendId: { type: 'string', required: true },
        senderId: { type: 'string', required: true },
        senderAddress: { type: 'string', required: true },
        currency: { type: SEND_CURRENCIES, required: true },
        amountCents: { type: 'number' },
        amountDrops: { type: 'string' },
        destination: { type: 'string', required: true },
        destinationTag: { type: 'number' },
        status: { type: SEND_STATUSES, required: true },
        signing: { type: 'any', required: true },
        txHash: { type: 'string' },
        ledgerIndex: { type: 'number' },
        failure: { type: 'string' },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['sendId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
