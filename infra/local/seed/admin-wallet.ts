import { createHash } from 'node:crypto';
import xrpl from 'xrpl';

/** The Xaman stand-in's label of the local administrator's dev wallet (its sign page lists wallets by label). */
export const ADMIN_DEV_WALLET_LABEL = 'admin';

/**
 * The local administrator's wallet (decision 062): derived from a fixed phrase, so every local data dir has the same
 * one, and its address is in the local stack's ADMIN_WALLET_ADDRESSES. Its key exists only locally (a Xaman stand-in
 * dev wallet); a deployment configures its own administrators (context adminWalletAddresses).
 */
export function localAdminWallet(): InstanceType<typeof xrpl.Wallet> {
  const entropy = createHash('sha256').update('local administrator').digest().subarray(0, 16);
  return xrpl.Wallet.fromEntropy(entropy, { algorithm: xrpl.ECDSA.ed25519 });
}

/** What the Xaman stand-in takes as a dev wallet: the administrator's seed, labelled 'admin'. */
export const adminDevWallet = () => ({ seed: localAdminWallet().seed!, label: ADMIN_DEV_WALLET_LABEL });
