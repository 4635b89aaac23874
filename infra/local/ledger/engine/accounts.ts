import { type EngineRules, type LedgerEntry } from './api';
import { type Sandbox } from './sandbox';

/** Reserve an account with `ownerCount` owned objects must keep: base + increment x count. */
export function accountReserve(rules: EngineRules, ownerCount: number): bigint {
  return BigInt(rules.reserveBaseDrops) + BigInt(rules.reserveIncrementDrops) * BigInt(Math.max(0, ownerCount));
}

export function balanceOf(root: LedgerEntry): bigint {
  return BigInt(root.Balance as string);
}

export function ownerCountOf(root: LedgerEntry): number {
  return Number(root.OwnerCount ?? 0);
}

export function flagsOf(entry: LedgerEntry): number {
  return Number(entry.Flags ?? 0) >>> 0;
}

export function adjustOwnerCount(view: Sandbox, address: string, delta: number): void {
  const root = view.account(address);
  if (!root) throw new Error(`adjustOwnerCount: no account ${address}`);
  view.update(root, { OwnerCount: Math.max(0, ownerCountOf(root) + delta) });
}

export function addDrops(view: Sandbox, address: string, drops: bigint): void {
  const root = view.account(address);
  if (!root) throw new Error(`addDrops: no account ${address}`);
  view.update(root, { Balance: (balanceOf(root) + drops).toString() });
}
