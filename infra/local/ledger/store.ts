import fs from 'node:fs';
import path from 'node:path';
import { type ChainSnapshot, type ClosedLedger, type LedgerHeader } from './chain';
import { LedgerState } from './engine';

const VERSION = 1;

interface ChainFile {
  version: number;
  last: LedgerHeader;
  clockOffsetSeconds: number;
}

interface StateFile {
  version: number;
  ledger_index: number;
  state: unknown;
}

/**
 * The node's files under <dataDir>/ledger: chain.json (last closed header and test clock, every close), state.json
 * (the ledger state after the last ledger that changed it) and history.jsonl (every ledger that had transactions, one
 * line each, for tx / account_tx / ledger after a restart). Writes are queued so they land in close order.
 */
export class LedgerStore {
  private queue: Promise<void> = Promise.resolve();
  private failed: Error | null = null;

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private file(name: string): string {
    return path.join(this.dir, name);
  }

  /** What was saved, or null for a new data dir. */
  load(): ChainSnapshot | null {
    const chainFile = this.readJson<ChainFile>('chain.json');
    const stateFile = this.readJson<StateFile>('state.json');
    if (!chainFile || !stateFile) return null;
    if (chainFile.version !== VERSION || stateFile.version !== VERSION) {
      throw new Error(`Ledger data in ${this.dir} has another format version; start with a fresh data dir`);
    }
    const history = this.readHistory(stateFile.ledger_index);
    let last = chainFile.last;
    const newest = history.at(-1)?.header;
    // A crash between writing the state and chain.json: the state's own ledger is the newer one.
    if (newest && newest.ledger_index > last.ledger_index) last = newest;
    return {
      last,
      state: LedgerState.fromJSON(stateFile.state),
      clockOffsetSeconds: chainFile.clockOffsetSeconds,
      history,
    };
  }

  /** Saves a closed ledger; `state` is the state after it (only written when the ledger had transactions). */
  save(closed: ClosedLedger, state: LedgerState, clockOffsetSeconds: number): void {
    const changed = closed.transactions.length > 0;
    const historyLine = changed ? `${JSON.stringify(closed)}\n` : '';
    const stateJson = changed
      ? JSON.stringify({ version: VERSION, ledger_index: closed.header.ledger_index, state: state.toJSON() })
      : '';
    const chainJson = JSON.stringify({ version: VERSION, last: closed.header, clockOffsetSeconds });
    this.enqueue(async () => {
      if (changed) {
        await fs.promises.appendFile(this.file('history.jsonl'), historyLine);
        await this.replace('state.json', stateJson);
      }
      await this.replace('chain.json', chainJson);
    });
  }

  /** Saves a fresh chain's first ledger and state. */
  saveGenesis(snapshot: ChainSnapshot): void {
    const stateJson = JSON.stringify({
      version: VERSION,
      ledger_index: snapshot.last.ledger_index,
      state: snapshot.state.toJSON(),
    });
    const chainJson = JSON.stringify({ version: VERSION, last: snapshot.last, clockOffsetSeconds: 0 });
    this.enqueue(async () => {
      await this.replace('state.json', stateJson);
      await this.replace('chain.json', chainJson);
    });
  }

  /** Resolves when every queued write has landed; rejects if one failed. */
  async flush(): Promise<void> {
    await this.queue;
    if (this.failed) throw this.failed;
  }

  private enqueue(write: () => Promise<void>): void {
    this.queue = this.queue.then(write).catch((error: Error) => {
      this.failed ??= error;
    });
  }

  private async replace(name: string, content: string): Promise<void> {
    const tmp = this.file(`${name}.tmp`);
    await fs.promises.writeFile(tmp, content);
    await fs.promises.rename(tmp, this.file(name));
  }

  private readJson<T>(name: string): T | null {
    const file = this.file(name);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : null;
  }

  private readHistory(upTo: number): ClosedLedger[] {
    const file = this.file('history.jsonl');
    if (!fs.existsSync(file)) return [];
    const ledgers: ClosedLedger[] = [];
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      let ledger: ClosedLedger;
      try {
        ledger = JSON.parse(line) as ClosedLedger;
      } catch {
        break; // a line cut short by a crash: everything after it is newer than the saved state
      }
      if (ledger.header.ledger_index > upTo) break;
      ledgers.push(ledger);
    }
    return ledgers;
  }
}
