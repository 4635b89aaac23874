import { createHash } from 'node:crypto';
import { rippleTimeToIso } from '../chain';
import { type MethodContext, type MethodHandler } from './context';
import { RpcError } from './errors';

/** The version the node reports; rippled releases that support TokenEscrow are 2.5 and later. */
export const BUILD_VERSION = '2.5.0-local';

/** Amendments whose rules the engine implements, all enabled. IDs are SHA-512Half of the name, as rippled's. */
const AMENDMENTS = ['TokenEscrow'];

function amendmentId(name: string): string {
  return createHash('sha512').update(name).digest().subarray(0, 32).toString('hex').toUpperCase();
}

function dropsToXrpNumber(drops: number): number {
  return drops / 1_000_000;
}

function common(ctx: MethodContext) {
  const { chain } = ctx;
  const last = chain.lastClosed;
  const age = Math.max(0, chain.rippleNow() - last.close_time);
  return {
    build_version: BUILD_VERSION,
    complete_ledgers: `${chain.firstKnown}-${last.ledger_index}`,
    io_latency_ms: 1,
    jq_trans_overflow: '0',
    last_close: { converge_time_s: 0, proposers: 0 },
    peers: 0,
    pubkey_node: 'n9local',
    server_state: 'full',
    server_state_duration_us: String((Date.now() - ctx.startedAt) * 1000),
    time: new Date().toISOString(),
    uptime: Math.floor((Date.now() - ctx.startedAt) / 1000),
    validation_quorum: 0,
    age,
    last,
  };
}

export const serverInfo: MethodHandler = (ctx) => {
  const { rules } = ctx.chain;
  const { age, last, ...info } = common(ctx);
  return {
    info: {
      ...info,
      hostid: 'LOCAL',
      load_factor: 1,
      validated_ledger: {
        age,
        base_fee_xrp: dropsToXrpNumber(rules.baseFeeDrops),
        close_time_iso: rippleTimeToIso(last.close_time),
        hash: last.ledger_hash,
        reserve_base_xrp: dropsToXrpNumber(rules.reserveBaseDrops),
        reserve_inc_xrp: dropsToXrpNumber(rules.reserveIncrementDrops),
        seq: last.ledger_index,
      },
    },
  };
};

export const serverState: MethodHandler = (ctx) => {
  const { rules } = ctx.chain;
  const { age, last, ...state } = common(ctx);
  return {
    state: {
      ...state,
      load_base: 256,
      load_factor: 256,
      validated_ledger: {
        age,
        base_fee: rules.baseFeeDrops,
        close_time: last.close_time,
        hash: last.ledger_hash,
        reserve_base: rules.reserveBaseDrops,
        reserve_inc: rules.reserveIncrementDrops,
        seq: last.ledger_index,
      },
    },
  };
};

export const ping: MethodHandler = () => ({});

export const fee: MethodHandler = ({ chain }) => {
  const base = String(chain.rules.baseFeeDrops);
  return {
    current_ledger_size: String(chain.openTransactionCount),
    current_queue_size: '0',
    drops: {
      base_fee: base,
      median_fee: String(chain.rules.baseFeeDrops * 500),
      minimum_fee: base,
      open_ledger_fee: base,
    },
    expected_ledger_size: '1000',
    ledger_current_index: chain.openIndex,
    levels: { median_level: '128000', minimum_level: '256', open_ledger_level: '256', reference_level: '256' },
    max_queue_size: '2000',
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
