import type { ServerInfo } from '../../../shared/api/admin-network';
import type { LedgerProbe } from '../../core/admin-network/ports';
import { LedgerConnection } from './connection';

interface RawServerInfo {
  build_version?: string;
  network_id?: number;
  server_state?: string;
  peers?: number;
  complete_ledgers?: string;
  validation_quorum?: number;
  validated_ledger?: {
    seq?: number;
    hash?: string;
    base_fee_xrp?: number;
    reserve_base_xrp?: number;
    reserve_inc_xrp?: number;
  };
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

export function toServerInfo(info: RawServerInfo): ServerInfo {
  const v = info.validated_ledger;
  return {
    buildVersion: info.build_version ?? '',
    networkId: info.network_id ?? null,
    serverState: info.server_state ?? 'unknown',
    peers: info.peers ?? 0,
    completeLedgers: info.complete_ledgers ?? '',
    validationQuorum: info.validation_quorum ?? 0,
    validatedLedger: v?.seq !== undefined && v.hash ? { seq: v.seq, hash: v.hash } : null,
    baseFeeXrp: text(v?.base_fee_xrp),
    reserveBaseXrp: text(v?.reserve_base_xrp),
    reserveIncXrp: text(v?.reserve_inc_xrp),
  };
}

/**
 * server_info on a connection of its own (not the container's shared one), closed after (decision 064): one attempt,
 * so no answer within the timeout is the result.
 */
export const ledgerProbe: LedgerProbe = {
  async serverInfo(url, timeoutMs) {
    const connection = new LedgerConnection(url, {
      connectTimeoutMs: timeoutMs,
      requestTimeoutMs: timeoutMs,
      resendUnanswered: false,
    });
    try {
      const { info } = await connection.request<{ info: RawServerInfo }>('server_info');
      return toServerInfo(info);
    } finally {
      await connection.close().catch(() => undefined);
    }
  },
};
