import { rippleTimeToUnixTime } from 'xrpl';
import type {
  AccountBalances,
  AccountFlags,
  AccountState,
  BlobVerdict,
  EscrowEnding,
  EscrowEntry,
  LedgerGateway,
  NetworkCosts,
  RlusdLine,
  SubmitOutcome,
} from '../../core/ledger/ports';
import { ledgerConfig } from '../../lib/config';
import { readAccount, readNetworkCosts, readReserves, readTrustLine, xrpBalance, type Reserves } from './accounts';
import { LedgerConnection, type EndpointSource } from './connection';
import { readAmendmentEnabled, readEscrow, readEscrowEnding } from './escrows';
import { submitAndWait, type SubmitOptions } from './submit';
import {
  decodeBlob,
  MASTER_KEY_ONLY,
  verifySignedBlob,
  verifySignInBlob,
  type SignerKeys,
  type SignInFormat,
} from './verify-signed-blob';

export interface RlusdToken {
  issuer: string;
  /** 40 hex digits. */
  currency: string;
}

export interface XrplLedgerOptions {
  submit?: SubmitOptions;
  /** Sign-in blob formats to accept (see verify-signed-blob.ts); default the stand-in's only. */
  signInFormats?: readonly SignInFormat[];
}

/** Reserves change only by validator vote; reading them once in a while is enough. */
const RESERVES_TTL_MS = 5 * 60_000;
/** A validated ledger older than this means the node has stopped following the network. */
const STALE_LEDGER_SECONDS = 60;

/** The LedgerGateway over the xrpl Client: every read is of the last validated ledger. */
export class XrplLedger implements LedgerGateway {
  private reserves: { value: Reserves; at: number } | undefined;

  constructor(
    readonly connection: LedgerConnection,
    readonly rlusd: RlusdToken,
    private readonly options: XrplLedgerOptions = {},
  ) {}

  accountState(address: string): Promise<AccountState | null> {
    return readAccount(this.connection, address);
  }

  private async currentReserves(): Promise<Reserves> {
    if (!this.reserves || Date.now() - this.reserves.at > RESERVES_TTL_MS) {
      this.reserves = { value: await readReserves(this.connection), at: Date.now() };
    }
    return this.reserves.value;
  }

  async balances(address: string): Promise<AccountBalances | null> {
    const account = await readAccount(this.connection, address);
    if (!account) return null;
    const [reserves, rlusd] = await Promise.all([this.currentReserves(), this.rlusdLine(address)]);
    return { address: account.address, xrp: xrpBalance(account, reserves), rlusd };
  }

  networkCosts(): Promise<NetworkCosts> {
    return readNetworkCosts(this.connection);
  }

  rlusdLine(address: string): Promise<RlusdLine | null> {
    return readTrustLine(this.connection, address, this.rlusd.issuer, this.rlusd.currency);
  }

  async issuerFlags(): Promise<AccountFlags> {
    const issuer = await readAccount(this.connection, this.rlusd.issuer);
    if (!issuer) throw new Error(`The RLUSD issuer ${this.rlusd.issuer} does not exist on this ledger`);
    return issuer.flags;
  }

  async closeTime(): Promise<Date> {
    const { ledger } = await this.connection.request<{ ledger: { close_time: number } }>('ledger', {
      ledger_index: 'validated',
    });
    return new Date(rippleTimeToUnixTime(ledger.close_time));
  }

  amendmentEnabled(name: string): Promise<boolean> {
    return readAmendmentEnabled(this.connection, name);
  }

  escrow(owner: string, sequence: number): Promise<EscrowEntry | null> {
    return readEscrow(this.connection, owner, sequence);
  }

  escrowEnding(owner: string, sequence: number, fromLedger: number): Promise<EscrowEnding | null> {
    return readEscrowEnding(this.connection, owner, sequence, fromLedger);
  }

  submitAndWait(blob: string, options: SubmitOptions = {}): Promise<SubmitOutcome> {
    return submitAndWait(this.connection, blob, { ...this.options.submit, ...options });
  }

  /** Who may sign for the blob's Account, from the validated ledger. */
  private async signerKeys(blob: string): Promise<SignerKeys> {
    const account = decodeBlob(blob)?.Account;
    if (typeof account !== 'string') return MASTER_KEY_ONLY;
    const state = await readAccount(this.connection, account);
    return state ? { regularKey: state.regularKey, masterDisabled: state.flags.disableMaster } : MASTER_KEY_ONLY;
  }

  async verifySignedBlob(blob: string, expected: Record<string, unknown>): Promise<BlobVerdict> {
    return verifySignedBlob(blob, expected, await this.signerKeys(blob));
  }

  async verifySignInBlob(blob: string, payloadUuid: string): Promise<BlobVerdict> {
    return verifySignInBlob(blob, payloadUuid, await this.signerKeys(blob), this.options.signInFormats);
  }

  /** For the health check: the node answers, follows a validated ledger, and the RLUSD issuer exists on it. */
  async checkHealth(): Promise<void> {
    const { info } = await this.connection.request<{
      info: { server_state?: string; validated_ledger?: { seq?: number; age?: number } };
    }>('server_info');
    if (info.server_state === 'disconnected') throw new Error('the ledger server is disconnected from its network');
    if (info.validated_ledger?.seq === undefined) throw new Error('the ledger server has no validated ledger');
    const age = info.validated_ledger.age;
    if (age !== undefined && age > STALE_LEDGER_SECONDS) {
      throw new Error(`the last validated ledger is ${age} s old`);
    }
    if (!(await readAccount(this.connection, this.rlusd.issuer))) {
      throw new Error(`the RLUSD issuer ${this.rlusd.issuer} does not exist on this ledger`);
    }
  }
}

let shared: XrplLedger | undefined;

/** The container's ledger gateway, built on first use; its connection dials `endpoints` (decision 072). */
export function ledger(endpoints: EndpointSource): XrplLedger {
  if (!shared) {
    const c = ledgerConfig();
    shared = new XrplLedger(
      new LedgerConnection(endpoints),
      { issuer: c.RLUSD_ISSUER, currency: c.RLUSD_CURRENCY },
      // Real Xaman signs in on testnet and mainnet; locally only the stand-in can, so only its format is taken.
      { signInFormats: c.XRPL_NETWORK === 'local' ? ['stand-in'] : ['stand-in', 'xaman'] },
    );
  }
  return shared;
}

/** Closes the shared connection (local runtime shutdown, tests that change the environment). */
export async function resetLedger(): Promise<void> {
  const current = shared;
  shared = undefined;
  await current?.connection.close();
}
