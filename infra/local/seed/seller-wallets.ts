import { createHash } from 'node:crypto';
import xrpl from 'xrpl';
import { SELLERS } from './data/sellers';

/**
 * The demo sellers' wallets: derived from their usernames, so every local data dir gives a seller the same account.
 * Their keys exist only locally (the Xaman stand-in's dev wallets), where the sellers are real ledger accounts with an
 * RLUSD trust line: demo items can be bought, and a person can sign in as their seller.
 */
export function sellerWallet(username: string): InstanceType<typeof xrpl.Wallet> {
  const entropy = createHash('sha256').update(`local demo seller:${username}`).digest().subarray(0, 16);
  return xrpl.Wallet.fromEntropy(entropy, { algorithm: xrpl.ECDSA.ed25519 });
}

/** What the Xaman stand-in takes as dev wallets: each demo seller's seed, labelled with its username. */
export function sellerDevWallets(): { seed: string; label: string }[] {
  return SELLERS.map((s) => ({ seed: sellerWallet(s.username).seed!, label: `${s.username} (demo seller)` }));
}
