/**
 * Ledger stand-in throughput: signed XRP payments submitted by concurrent clients to a node running in its own process
 * with the default 1 s ledger close. Reports validated payments per second (first submit to last validation) and how
 * many ledger closes each payment waited (its validated ledger minus the last closed ledger when it was submitted).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Client, Wallet, type Payment } from 'xrpl';

const SENDERS = 100;
const PAYMENTS_PER_SENDER = 20;
const CLIENTS = 8;

export interface LedgerThroughput {
  payments: number;
  clients: number;
  perSecond: number;
  maxCloses: number;
  withinTwoCloses: number;
}

async function startNodeProcess(dataDir: string) {
  const child = spawn('npx', ['tsx', path.join(import.meta.dirname, 'ledger-node-process.ts'), dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`ledger node exited with ${code}`)));
  });
  const { url, faucetUrl } = JSON.parse(line) as { url: string; faucetUrl: string };
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  return { url, faucetUrl, stop };
}

export async function ledgerThroughput(): Promise<LedgerThroughput> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-'));
  const node = await startNodeProcess(dataDir);
  const clients = Array.from({ length: CLIENTS }, () => new Client(node.url, { timeout: 60_000 }));
  try {
    await Promise.all(clients.map((c) => c.connect()));
    const [first] = clients as [Client];
    const senders = Array.from({ length: SENDERS }, () => Wallet.generate());
    for (const wallet of senders) {
      const res = await fetch(node.faucetUrl, {
        method: 'POST',
        body: JSON.stringify({ destination: wallet.address }),
      });
      if (!res.ok) throw new Error(`faucet answered ${res.status}`);
    }
    const receiver = Wallet.generate().address;
    const { result: info } = await first.request({ command: 'ledger_current' });
    // Signed before the clock starts: the figure is the node's, not the signing's.
    const blobs = await Promise.all(
      senders.map(async (wallet) => {
        const { result } = await first.request({ command: 'account_info', account: wallet.address });
        return Array.from({ length: PAYMENTS_PER_SENDER }, (_, i) => {
          const payment: Payment = {
            TransactionType: 'Payment',
            Account: wallet.address,
            Destination: receiver,
            Amount: '1000000',
            Fee: '12',
            Sequence: result.account_data.Sequence + i,
            LastLedgerSequence: info.ledger_current_index + 100,
          };
          return wallet.sign(payment).tx_blob;
        });
      }),
    );

    const validated = new Map<string, { at: number; ledger: number }>();
    const total = SENDERS * PAYMENTS_PER_SENDER;
    const allValidated = new Promise<void>((resolve) => {
      first.on('transaction', (event) => {
        validated.set(event.hash!, { at: performance.now(), ledger: event.ledger_index! });
        if (validated.size === total) resolve();
      });
    });
    await first.request({ command: 'subscribe', streams: ['transactions'] });

    const submittedAfter = new Map<string, number>();
    const started = performance.now();
    await Promise.all(
      clients.map(async (client, k) => {
        const mine = blobs.filter((_, i) => i % CLIENTS === k);
        await Promise.all(
          mine.map(async (senderBlobs) => {
            for (const tx_blob of senderBlobs) {
              const { result } = await client.request({ command: 'submit', tx_blob });
              if (result.engine_result !== 'tesSUCCESS') throw new Error(`submit: ${result.engine_result}`);
              submittedAfter.set(result.tx_json.hash!, result.validated_ledger_index!);
            }
          }),
        );
      }),
    );
    await Promise.race([
      allValidated,
      new Promise((_, reject) => setTimeout(() => reject(new Error('payments not validated in 60 s')), 60_000)),
    ]);
    const last = Math.max(...[...validated.values()].map((v) => v.at));
    const closes = [...submittedAfter].map(([hash, lastClosed]) => validated.get(hash)!.ledger - lastClosed);
    return {
      payments: total,
      clients: CLIENTS,
      perSecond: total / ((last - started) / 1000),
      maxCloses: Math.max(...closes),
      withinTwoCloses: closes.filter((c) => c <= 2).length,
    };
  } finally {
    await Promise.all(clients.map((c) => c.disconnect().catch(() => undefined)));
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await ledgerThroughput());
