import fs from 'node:fs';
import path from 'node:path';
import { Wallet } from 'xrpl';
import { ACCOUNT_FLAGS, LedgerState } from './engine';

/** rippled's total XRP supply (100 billion XRP in drops). */
export const TOTAL_DROPS = 100_000_000_000_000_000n;
const ISSUER_DROPS = 1_000_000_000n; // 1,000 XRP
const PLATFORM_DROPS = 100_000_000_000n; // 100,000 XRP

/** The three accounts of a fresh ledger. Seeds stay in <dataDir>/ledger/genesis.json (mode 600), never in responses. */
export interface GenesisKeys {
  /** Issues RLUSD; has DefaultRipple and AllowTrustLineLocking. */
  issuer: { address: string; seed: string };
  /** The marketplace's own wallet (escrow finishes, fees). */
  platform: { address: string; seed: string };
  /** Holds the rest of the supply and pays out faucet XRP, like rippled's genesis account. */
  faucet: { address: string; seed: string };
}

function keyOf(wallet: Wallet): { address: string; seed: string } {
  return { address: wallet.classicAddress, seed: wallet.seed! };
}

/** Reads the genesis keys of this data dir, creating fresh random ones the first time. */
export function loadOrCreateGenesisKeys(dir: string): GenesisKeys {
  const file = path.join(dir, 'genesis.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as GenesisKeys;
  const keys: GenesisKeys = {
    issuer: keyOf(Wallet.generate()),
    platform: keyOf(Wallet.generate()),
    faucet: keyOf(Wallet.generate()),
  };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

export function genesisState(keys: GenesisKeys): LedgerState {
  return LedgerState.genesis([
    {
      address: keys.issuer.address,
      balanceDrops: ISSUER_DROPS,
      flags: ACCOUNT_FLAGS.lsfDefaultRipple | ACCOUNT_FLAGS.lsfAllowTrustLineLocking,
    },
    { address: keys.platform.address, balanceDrops: PLATFORM_DROPS },
    { address: keys.faucet.address, balanceDrops: TOTAL_DROPS - ISSUER_DROPS - PLATFORM_DROPS },
  ]);
}
