import { type Chain } from '../chain';
import { type NodeIdentity } from './context';
import { BASE_LEVEL, feeMetrics } from './fee-metrics';

/** The version the node reports; rippled releases that support TokenEscrow are 2.5 and later. */
export const BUILD_VERSION = '2.5.0-local';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** rippled's to_string of a time point: "2023-Sep-13 22:08:48.097189 UTC" (`fractionDigits` after the seconds). */
export function rippledTimeString(date: Date, fractionDigits: 6 | 9): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const fraction = String(date.getUTCMilliseconds()).padStart(3, '0').padEnd(fractionDigits, '0');
  return (
    `${date.getUTCFullYear()}-${MONTHS[date.getUTCMonth()]}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${fraction} UTC`
  );
}

/** rippled's prevRoundTime after `ledger_accept` in standalone (Consensus::simulate's default delay, 100 ms). */
const CONVERGE_MS = 100;

/**
 * StateAccounting::json: every operating mode with its transitions and time spent (strings). A standalone node
 * goes from disconnected straight to full when it has loaded its ledger.
 */
function stateAccounting(node: NodeIdentity, nowMs: number) {
  const us = (ms: number) => String(Math.max(0, Math.round(ms * 1000)));
  const never = { duration_us: '0', transitions: '0' };
  const loading = node.readyAt - node.startedAt;
  return {
    state_accounting: {
      connected: never,
      disconnected: { duration_us: us(loading), transitions: '1' },
      full: { duration_us: us(nowMs - node.readyAt), transitions: '1' },
      syncing: never,
      tracking: never,
    },
    server_state_duration_us: us(nowMs - node.readyAt),
    ...(loading > 0 ? { initial_sync_duration_us: us(loading) } : {}),
  };
}

/**
 * NetworkOPsImp::getServerInfo (src/xrpld/app/misc/NetworkOPs.cpp) for a standalone node asked on its admin port:
 * `human` is server_info (XRP amounts, converge_time_s), otherwise server_state (drops, converge_time in ms, the
 * load_factor_* fee levels).
 */
export function serverInfoJson(chain: Chain, node: NodeIdentity, human: boolean): Record<string, unknown> {
  const now = Date.now();
  const { rules } = chain;
  const last = chain.lastClosed;
  const metrics = feeMetrics(chain);
  const loadFactor = Math.max(BASE_LEVEL, Math.floor((metrics.openLedgerLevel * BASE_LEVEL) / metrics.referenceLevel));
  const info: Record<string, unknown> = {
    ...(human ? { hostid: node.hostname } : {}),
    build_version: BUILD_VERSION,
    server_state: 'full',
    time: rippledTimeString(new Date(now), 6),
    // A standalone node trusts no validators.
    validation_quorum: 0,
    node_size: 'tiny',
    ...(human
      ? { validator_list: { count: 0, expiration: 'unknown', status: 'unknown' } }
      : { validator_list_expires: 0 }),
    io_latency_ms: 1,
    pubkey_validator: 'none',
    pubkey_node: node.pubkeyNode,
    complete_ledgers: `${chain.firstKnown}-${last.ledger_index}`,
    peers: 0,
    last_close: human
      ? { converge_time_s: CONVERGE_MS / 1000, proposers: 0 }
      : { converge_time: CONVERGE_MS, proposers: 0 },
    // JobQueue::getJson: job types appear only once they have run or waited; one thread serves every request here.
    load: { job_types: [], threads: 1 },
    ...(node.networkId !== undefined ? { network_id: node.networkId } : {}),
    ...(human
      ? {
          load_factor: loadFactor / BASE_LEVEL,
          ...(metrics.openLedgerLevel !== metrics.referenceLevel
            ? { load_factor_fee_escalation: metrics.openLedgerLevel / metrics.referenceLevel }
            : {}),
        }
      : {
          load_base: BASE_LEVEL,
          load_factor: loadFactor,
          load_factor_server: BASE_LEVEL,
          load_factor_fee_escalation: metrics.openLedgerLevel,
          load_factor_fee_queue: metrics.minProcessingLevel,
          load_factor_fee_reference: metrics.referenceLevel,
        }),
    validated_ledger: human
      ? {
          age: Math.max(0, chain.rippleNow() - last.close_time),
          base_fee_xrp: rules.baseFeeDrops / 1_000_000,
          hash: last.ledger_hash,
          reserve_base_xrp: rules.reserveBaseDrops / 1_000_000,
          reserve_inc_xrp: rules.reserveIncrementDrops / 1_000_000,
          seq: last.ledger_index,
        }
      : {
          base_fee: rules.baseFeeDrops,
          close_time: last.close_time,
          hash: last.ledger_hash,
          reserve_base: rules.reserveBaseDrops,
          reserve_inc: rules.reserveIncrementDrops,
          seq: last.ledger_index,
        },
    ...stateAccounting(node, now),
    uptime: Math.floor((now - node.startedAt) / 1000),
    jq_trans_overflow: '0',
    peer_disconnects: '0',
    peer_disconnects_resources: '0',
    // The admin sees every port; this node serves the JSON API over HTTP and WebSocket on one.
    ports: [{ port: String(node.port), protocol: ['http', 'ws'] }],
  };
  return info;
}
