import { createECDH, createHash } from 'node:crypto';
import os from 'node:os';
import { encodeNodePublic } from 'xrpl';
import { type GenesisKeys } from './genesis';

/**
 * The node's public key as rippled shows it in server_info (`pubkey_node`, base58 with the node-public prefix): a
 * secp256k1 key derived from this ledger's genesis seeds, so it is stable across restarts of one data dir.
 */
export function nodePublicKey(keys: GenesisKeys): string {
  const secret = createHash('sha256').update('node identity').update(keys.issuer.seed).digest();
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(secret);
  return encodeNodePublic(ecdh.getPublicKey(null, 'compressed'));
}

/** getHostId(admin = true): an admin is told the machine's host name. */
export function hostName(): string {
  return os.hostname();
}
