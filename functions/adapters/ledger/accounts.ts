import { ledgerValueToCents } from '../../../shared/domain/money';
import type { AccountFlags, AccountState, Drops, NetworkCosts, RlusdLine, XrpBalance } from '../../core/ledger/ports';
import { findInAccountPages, rippledErrorCode, type LedgerConnection } from './connection';

/** AccountRoot flag bits (xrpl.org, AccountRoot flags). */
const LSF = {
  requireDestinationTag: 0x00020000,
  disallowXrp: 0x00080000,
  disableMaster: 0x00100000,
  defaultRipple: 0x00800000,
  allowTrustLineLocking: 0x40000000,
} as const;

interface AccountData {
  Account: string;
  Balance: string;
  Flags: number;
  OwnerCount: number;
  Sequence: number;
  RegularKey?: string;
}

interface TrustLineJson {
  account: string;
  balance: string;
  currency: string;
  limit: string;
  freeze?: boolean;
  freeze_peer?: boolean;
}

export function flagsOf(bits: number): AccountFlags {
  const has = (bit: number) => (bits & bit) === bit;
  return {
    defaultRipple: has(LSF.defaultRipple),
    requireDestinationTag: has(LSF.requireDestinationTag),
    disallowXrp: has(LSF.disallowXrp),
    disableMaster: has(LSF.disableMaster),
    allowTrustLineLocking: has(LSF.allowTrustLineLocking),
  };
}

/** The account as of the last validated ledger, or null when it does not exist. */
export async function readAccount(connection: LedgerConnection, address: string): Promise<AccountState | null> {
  let data: AccountData;
  try {
    ({ account_data: data } = await connection.request<{ account_data: AccountData }>('account_info', {
      account: address,
      ledger_index: 'validated',
    }));
  } catch (error) {
    if (rippledErrorCode(error) === 'actNotFound') return null;
    throw error;
  }
  return {
    address: data.Account,
    sequence: data.Sequence,
    balanceDrops: data.Balance,
    ownerCount: data.OwnerCount,
    regularKey: data.RegularKey ?? null,
    flags: flagsOf(data.Flags),
  };
}

export interface Reserves {
  baseDrops: bigint;
  incrementDrops: bigint;
}

interface ServerState {
  load_base?: number;
  load_factor?: number;
  validated_ledger?: { reserve_base?: number; reserve_inc?: number; base_fee?: number };
}

/** server_state, which reports the validated ledger's reserves and fee in drops (server_info gives XRP). */
async function readServerState(connection: LedgerConnection) {
  const { state } = await connection.request<{ state: ServerState }>('server_state');
  const v = state.validated_ledger;
  if (v?.reserve_base === undefined || v.reserve_inc === undefined) {
    throw new Error('the ledger server has no validated ledger');
  }
  return { state, reserves: { baseDrops: BigInt(v.reserve_base), incrementDrops: BigInt(v.reserve_inc) } };
}

/** The validated ledger's reserves, in drops. */
export async function readReserves(connection: LedgerConnection): Promise<Reserves> {
  return (await readServerState(connection)).reserves;
}

/**
 * Reserves and the fee a transaction pays now: the base fee times load_factor / load_base (what xrpl's autofill and
 * wallets pay), rounded up.
 */
export async function readNetworkCosts(connection: LedgerConnection): Promise<NetworkCosts> {
  const { state, reserves } = await readServerState(connection);
  const baseFee = BigInt(state.validated_ledger?.base_fee ?? 10);
  const loadBase = BigInt(state.load_base ?? 256);
  const loadFactor = BigInt(Math.max(state.load_factor ?? 256, Number(loadBase)));
  const fee = (baseFee * loadFactor + loadBase - 1n) / loadBase;
  return {
    baseReserveDrops: reserves.baseDrops.toString(),
    ownerReserveDrops: reserves.incrementDrops.toString(),
    feeDrops: fee.toString(),
  };
}

export function xrpBalance(account: AccountState, reserves: Reserves): XrpBalance {
  const total = BigInt(account.balanceDrops);
  const reserve = reserves.baseDrops + reserves.incrementDrops * BigInt(account.ownerCount);
  const spendable = total > reserve ? total - reserve : 0n;
  const drops = (n: bigint): Drops => n.toString();
  return { totalDrops: drops(total), reserveDrops: drops(reserve), spendableDrops: drops(spendable) };
}

/** A holder's side of a line is never negative for tokens it holds; a negative balance means it owes, i.e. holds 0. */
const heldCents = (value: string) => (value.startsWith('-') ? 0 : ledgerValueToCents(value, 'down'));

/** Limits are often set far beyond any balance ("1e15", "9999999999999999e80"): cap them instead of failing. */
function limitCents(value: string): number {
  try {
    return heldCents(value);
  } catch (error) {
    if (error instanceof RangeError && error.message.startsWith('Amount too large')) return Number.MAX_SAFE_INTEGER;
    throw error;
  }
}

/** The account's line to `issuer` for `currency` (account_lines filtered by peer, paged by marker), or null. */
export async function readTrustLine(
  connection: LedgerConnection,
  address: string,
  issuer: string,
  currency: string,
): Promise<RlusdLine | null> {
  return findInAccountPages<TrustLineJson, RlusdLine>(
    connection,
    'account_lines',
    { account: address, peer: issuer },
    'lines',
    (line) =>
      line.account === issuer && line.currency === currency
        ? {
            balance: line.balance,
            balanceCents: heldCents(line.balance),
            limit: line.limit,
            limitCents: limitCents(line.limit),
            frozen: line.freeze === true || line.freeze_peer === true,
          }
        : undefined,
  );
}
