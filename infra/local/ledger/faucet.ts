import { isValidClassicAddress, Wallet, xrpToDrops, type Payment } from 'xrpl';
import { type Chain } from './chain';
import { type GenesisKeys } from './genesis';

export const RLUSD_CURRENCY = '524C555344000000000000000000000000000000';
const DEFAULT_XRP = '1000';
const MAX_XRP = 10_000;
/** RLUSD sent to an account that has a trust line to the issuer. */
const RLUSD_AMOUNT = '1000';
const LEDGERS_TO_LIVE = 20;

export class FaucetError extends Error {}

export interface FaucetAnswer {
  account: { address: string; classicAddress: string };
  amount: number;
  balance: number;
  /** Only when the faucet made the account: its seed, as the testnet faucet returns it. */
  seed?: string;
  transactionHash: string;
  /** RLUSD sent, when the account already trusted the issuer. */
  rlusd?: { amount: string; transactionHash: string };
}

/**
 * The faucet behind POST /accounts: pays XRP from the genesis faucet account (to `destination` or to a new wallet) and,
 * if the account trusts the RLUSD issuer, RLUSD from the issuer. Payments go into the open ledger like any submission;
 * the answer comes before they are validated, as on testnet.
 */
export class Faucet {
  private readonly faucet: Wallet;
  private readonly issuer: Wallet;

  constructor(
    private readonly chain: Chain,
    keys: GenesisKeys,
  ) {
    this.faucet = Wallet.fromSeed(keys.faucet.seed);
    this.issuer = Wallet.fromSeed(keys.issuer.seed);
  }

  fund(body: { destination?: unknown; xrpAmount?: unknown }): FaucetAnswer {
    let seed: string | undefined;
    let destination = body.destination;
    if (destination === undefined) {
      const wallet = Wallet.generate();
      destination = wallet.classicAddress;
      seed = wallet.seed;
    }
    if (typeof destination !== 'string' || !isValidClassicAddress(destination)) {
      throw new FaucetError('destination must be a classic address');
    }
    const xrp = body.xrpAmount === undefined ? DEFAULT_XRP : String(body.xrpAmount);
    if (!/^\d+(\.\d{1,6})?$/.test(xrp) || Number(xrp) <= 0 || Number(xrp) > MAX_XRP) {
      throw new FaucetError(`xrpAmount must be a positive number of XRP up to ${MAX_XRP}`);
    }
    const xrpHash = this.pay(this.faucet, destination, xrpToDrops(xrp));
    const answer: FaucetAnswer = {
      account: { address: destination, classicAddress: destination },
      amount: Number(xrp),
      balance: Number(this.balanceDrops(destination)) / 1_000_000,
      transactionHash: xrpHash,
      ...(seed ? { seed } : {}),
    };
    if (this.trustsIssuer(destination)) {
      const amount = { currency: RLUSD_CURRENCY, issuer: this.issuer.classicAddress, value: RLUSD_AMOUNT };
      answer.rlusd = { amount: RLUSD_AMOUNT, transactionHash: this.pay(this.issuer, destination, amount) };
    }
    return answer;
  }

  private balanceDrops(address: string): bigint {
    const root = this.chain.openLedgerState().accountRoot(address);
    return root ? BigInt(root.Balance as string) : 0n;
  }

  private trustsIssuer(address: string): boolean {
    return this.chain
      .openLedgerState()
      .trustLines(address)
      .some((line) => {
        const balance = line.Balance as { currency: string };
        const sides = [line.LowLimit, line.HighLimit] as { issuer: string }[];
        return balance.currency === RLUSD_CURRENCY && sides.some((s) => s.issuer === this.issuer.classicAddress);
      });
  }

  private pay(from: Wallet, destination: string, amount: Payment['Amount']): string {
    const root = this.chain.openLedgerState().accountRoot(from.classicAddress);
    if (!root) throw new FaucetError('The faucet account is missing from the ledger');
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: from.classicAddress,
      Destination: destination,
      Amount: amount,
      Fee: String(this.chain.rules.baseFeeDrops),
      Sequence: Number(root.Sequence),
      LastLedgerSequence: this.chain.openIndex + LEDGERS_TO_LIVE,
      // Networks with an id above 1024 require NetworkID in every transaction (rippled's preflight0).
      ...(this.chain.networkId > 1024 ? { NetworkID: this.chain.networkId } : {}),
    };
    const result = this.chain.submit(from.sign(payment).tx_blob);
    if (result.engine_result !== 'tesSUCCESS') {
      throw new FaucetError(`The faucet payment failed: ${result.engine_result}`);
    }
    return result.hash;
  }
}
