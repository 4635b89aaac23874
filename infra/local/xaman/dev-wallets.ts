import fs from 'node:fs';
import path from 'node:path';
import { Wallet, type Client, type TrustSet } from 'xrpl';
import type { LedgerLink } from './ledger-link';

export const RLUSD_CURRENCY = '524C555344000000000000000000000000000000';
/** How much RLUSD a dev wallet is willing to hold. */
const TRUST_LIMIT = '1000000000';

interface StoredWallet {
  address: string;
  seed: string;
  label: string;
  createdAt: string;
  funded: boolean;
}

/** What the sign page may see of a wallet: never the seed. */
export interface DevWalletInfo {
  address: string;
  label: string;
  funded: boolean;
}

export interface DevWalletsOptions {
  dir: string;
  ledger: LedgerLink;
  faucetUrl: string;
  rlusdIssuer: string;
  log: (message: string) => void;
}

/**
 * The local dev wallets the sign page signs with. Seeds live only in <dir>/dev-wallets.json (mode 600) and in this
 * process: nothing here sends or logs them. A wallet is written down before it is funded, and funding checks the ledger
 * at each step (account, RLUSD trust line, RLUSD balance), so an interrupted funding resumes on the next start.
 */
export class DevWallets {
  private readonly wallets: StoredWallet[] = [];
  private readonly file: string;
  private readonly funding = new Map<string, Promise<void>>();

  constructor(private readonly opts: DevWalletsOptions) {
    fs.mkdirSync(opts.dir, { recursive: true });
    this.file = path.join(opts.dir, 'dev-wallets.json');
    if (fs.existsSync(this.file))
      this.wallets.push(...(JSON.parse(fs.readFileSync(this.file, 'utf8')) as StoredWallet[]));
  }

  list(): DevWalletInfo[] {
    return this.wallets.map(({ address, label, funded }) => ({ address, label, funded }));
  }

  /** The signing wallet for an address, for this process only. */
  wallet(address: string): Wallet | undefined {
    const w = this.wallets.find((x) => x.address === address);
    return w ? Wallet.fromSeed(w.seed) : undefined;
  }

  /** Makes sure there are `count` wallets and that every one is funded. */
  async ensure(count: number): Promise<void> {
    while (this.wallets.length < count) this.add();
    await Promise.all(this.wallets.filter((x) => !x.funded).map((w) => this.fund(w)));
  }

  /**
   * Takes wallets whose keys the local stack already knows (the demo sellers'), once each, and funds them in the
   * background like the others: on the sign page they can sign as those accounts.
   */
  adopt(wallets: readonly { seed: string; label: string }[]): Promise<void> {
    for (const { seed, label } of wallets) {
      const address = Wallet.fromSeed(seed).classicAddress;
      if (this.wallets.some((w) => w.address === address)) continue;
      this.wallets.push({ address, seed, label, createdAt: new Date().toISOString(), funded: false });
    }
    this.save();
    return Promise.all(this.wallets.filter((x) => !x.funded).map((w) => this.fund(w))).then(() => undefined);
  }

  /** Creates a wallet, funds it with XRP and RLUSD, and returns its address. */
  async createFunded(): Promise<string> {
    const w = this.add();
    await this.fund(w);
    return w.address;
  }

  private add(): StoredWallet {
    const wallet = Wallet.generate();
    const stored: StoredWallet = {
      address: wallet.classicAddress,
      seed: wallet.seed!,
      label: `Dev wallet ${this.wallets.length + 1}`,
      createdAt: new Date().toISOString(),
      funded: false,
    };
    this.wallets.push(stored);
    this.save();
    return stored;
  }

  /** One funding at a time per wallet, however many callers ask. */
  private fund(w: StoredWallet): Promise<void> {
    let running = this.funding.get(w.address);
    if (!running) {
      running = this.fundSteps(w).finally(() => this.funding.delete(w.address));
      this.funding.set(w.address, running);
    }
    return running;
  }

  private async fundSteps(w: StoredWallet): Promise<void> {
    const client = await this.opts.ledger.get();
    if (!(await accountExists(client, w.address, 'current'))) {
      await this.faucet(w.address);
      // Validated, not just current: the RLUSD line check below reads the validated ledger.
      await until(() => accountExists(client, w.address, 'validated'), `${w.address} to exist`);
    }
    const line = await rlusdLine(client, w.address, this.opts.rlusdIssuer);
    if (!line) {
      const trustSet: TrustSet = {
        TransactionType: 'TrustSet',
        Account: w.address,
        LimitAmount: { currency: RLUSD_CURRENCY, issuer: this.opts.rlusdIssuer, value: TRUST_LIMIT },
      };
      const result = await client.submitAndWait(trustSet, { autofill: true, wallet: Wallet.fromSeed(w.seed) });
      const code = (result.result.meta as { TransactionResult?: string } | undefined)?.TransactionResult;
      if (code !== 'tesSUCCESS') throw new Error(`TrustSet for ${w.address} failed: ${code}`);
    }
    if (!line || Number(line.balance) <= 0) await this.faucet(w.address);
    const hasRlusd = async () => Number((await rlusdLine(client, w.address, this.opts.rlusdIssuer))?.balance ?? 0) > 0;
    await until(hasRlusd, `RLUSD from the faucet for ${w.address}`);
    w.funded = true;
    this.save();
    this.opts.log(`${w.label} ${w.address} funded with XRP and RLUSD`);
  }

  private async faucet(destination: string): Promise<void> {
    const res = await fetch(this.opts.faucetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!res.ok) throw new Error(`Faucet answered ${res.status} for ${destination}`);
  }

  private save(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.wallets), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }
}

/** Polls until `check` holds: the faucet may answer before its payment is in a validated ledger. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function accountExists(client: Client, account: string, ledger: 'current' | 'validated'): Promise<boolean> {
  try {
    await client.request({ command: 'account_info', account, ledger_index: ledger });
    return true;
  } catch (error) {
    if ((error as { data?: { error?: string } }).data?.error === 'actNotFound') return false;
    throw error;
  }
}

async function rlusdLine(client: Client, account: string, issuer: string) {
  const res = await client.request({ command: 'account_lines', account, peer: issuer, ledger_index: 'validated' });
  return res.result.lines.find((l) => l.currency === RLUSD_CURRENCY);
}
