import { Wallet, type SubmittableTransaction } from 'xrpl';
import type { PlatformAccount, PreparedTransaction } from '../../core/ledger/ports';
import { platformConfig } from '../../lib/config';
import { secrets } from '../secrets';
import type { LedgerConnection } from './connection';

/**
 * The platform's account over the xrpl Client: autofill (sequence from the current ledger, the fee rippled asks for,
 * which for an EscrowFinish with a fulfillment is base x (33 + bytes / 16), LastLedgerSequence 20 ledgers ahead) and
 * a local signature with the seed from Secrets Manager. Preparations in one container wait for each other, so two
 * never take the same sequence; across containers a clash is refused by the ledger and prepared again.
 */
const RECENT_MS = 10_000;

export function platformAccount(connection: LedgerConnection): PlatformAccount {
  const address = platformConfig().PLATFORM_WALLET_ADDRESS;
  let queue: Promise<unknown> = Promise.resolve();
  let wallet: { seed: string; wallet: Wallet } | undefined;
  /**
   * The last sequence this container signed, and when: the next one may be prepared before that one reaches the
   * ledger. Only trusted for a short while, so a transaction that was never submitted can't leave a gap for long.
   */
  let last = { sequence: 0, at: 0 };
  const signer = async () => {
    const seed = await secrets.read('platformWalletSeed');
    if (wallet?.seed !== seed) wallet = { seed, wallet: Wallet.fromSeed(seed) };
    if (wallet.wallet.classicAddress !== address) {
      throw new Error('The platform wallet seed does not belong to PLATFORM_WALLET_ADDRESS');
    }
    return wallet.wallet;
  };
  const prepareOne = async (
    tx: { TransactionType: string } & Record<string, unknown>,
  ): Promise<PreparedTransaction> => {
    const client = await connection.connected();
    const prepared = await client.autofill({ ...tx, Account: address } as unknown as SubmittableTransaction);
    if (Date.now() - last.at < RECENT_MS && prepared.Sequence! <= last.sequence) prepared.Sequence = last.sequence + 1;
    last = { sequence: prepared.Sequence!, at: Date.now() };
    const signed = (await signer()).sign(prepared);
    return {
      blob: signed.tx_blob,
      txid: signed.hash,
      sequence: prepared.Sequence!,
      lastLedgerSequence: prepared.LastLedgerSequence!,
    };
  };
  return {
    address,
    prepare(tx) {
      const next = queue.then(() => prepareOne(tx));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
