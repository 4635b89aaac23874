import { createHash } from 'node:crypto';
import { type MethodHandler } from './context';
import { RpcError } from './errors';
import { feeMetrics, levelToDrops, openLedgerFeeDrops } from './fee-metrics';
import { serverInfoJson } from './server-info';

export { BUILD_VERSION } from './server-info';

/** Amendments whose rules the engine implements, all enabled. IDs are SHA-512Half of the name, as rippled's. */
const AMENDMENTS = ['TokenEscrow'];

function amendmentId(name: string): string {
  return createHash('sha512').update(name).digest().subarray(0, 32).toString('hex').toUpperCase();
}

/** doServerInfo (src/xrpld/rpc/handlers/ServerInfo.cpp): getServerInfo(human = true, admin). */
export const serverInfo: MethodHandler = ({ chain, node }) => ({ info: serverInfoJson(chain, node, true) });

/** doServerState (src/xrpld/rpc/handlers/ServerState.cpp): getServerInfo(human = false, admin). */
export const serverState: MethodHandler = ({ chain, node }) => ({ state: serverInfoJson(chain, node, false) });

/**
 * doPing (src/xrpld/rpc/handlers/Ping.cpp): this port is an admin port (it serves ledger_accept), so the role is
 * "admin", and a WebSocket session of an admin is an unlimited resource consumer.
 */
export const ping: MethodHandler = ({ subscriber }) =>
  subscriber ? { role: 'admin', unlimited: true } : { role: 'admin' };

/** doFee (src/xrpld/rpc/handlers/Fee1.cpp) -> TxQ::doRPC. */
export const fee: MethodHandler = ({ chain }) => {
  const base = chain.rules.baseFeeDrops;
  const m = feeMetrics(chain);
  return {
    current_ledger_size: String(m.txInLedger),
    current_queue_size: String(m.txCount),
    drops: {
      base_fee: String(base),
      median_fee: String(levelToDrops(m.medianLevel, base)),
      minimum_fee: String(levelToDrops(m.minProcessingLevel, base)),
      open_ledger_fee: String(openLedgerFeeDrops(m, base)),
    },
    expected_ledger_size: String(m.txPerLedger),
    ledger_current_index: chain.openIndex,
    levels: {
      median_level: String(m.medianLevel),
      minimum_level: String(m.minProcessingLevel),
      open_ledger_level: String(m.openLedgerLevel),
      reference_level: String(m.referenceLevel),
    },
    ...(m.txQMaxSize !== undefined ? { max_queue_size: String(m.txQMaxSize) } : {}),
  };
};

function featureJson(name: string) {
  return { enabled: true, name, supported: true };
}

export const feature: MethodHandler = ({ params }) => {
  const wanted = params.feature;
  if (wanted === undefined) {
    return { features: Object.fromEntries(AMENDMENTS.map((name) => [amendmentId(name), featureJson(name)])) };
  }
  const name = AMENDMENTS.find((n) => n === wanted || amendmentId(n) === String(wanted).toUpperCase());
  if (!name) throw new RpcError('badFeature');
  return { [amendmentId(name)]: featureJson(name) };
};
