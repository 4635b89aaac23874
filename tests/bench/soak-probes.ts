/**
 * What the soak (tests/bench/soak.ts) reads from outside the app: the memory of each process, the SQS emulator's
 * queues, and the ledger's RLUSD (trust lines and escrows) against the orders in the table.
 */
import fs from 'node:fs';
import { Client } from 'xrpl';
import { db } from '../../functions/adapters/db/service';
import { ledgerValueToCents } from '../../shared/domain/money';
import type { BareStack } from './bare-stack';

/** Resident memory of a process in MB (VmRSS), or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** This process's children and theirs (from /proc): pid and command name. */
export function descendants(root = process.pid): { pid: number; comm: string }[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        // comm may hold spaces and parentheses: the fields after its closing one are fixed.
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        const ppid = Number(stat.slice(close + 2).split(' ')[1]);
        return [{ pid: Number(d), ppid, comm: stat.slice(stat.indexOf('(') + 1, close) }];
      } catch {
        return [];
      }
    });
  const found: { pid: number; comm: string }[] = [];
  const walk = (parent: number) => {
    for (const p of all.filter((x) => x.ppid === parent)) {
      found.push({ pid: p.pid, comm: p.comm });
      walk(p.pid);
    }
  };
  walk(root);
  return found;
}

/**
 * The processes whose memory the soak follows: this one (the bench's users' threads, and the stack when it runs in
 * this process), DynamoDB Local's Java process, and every other child (the HTTP worker processes of the Lambda shape).
 */
export function processes(): { name: string; pid: number }[] {
  const kids = descendants();
  const java = kids.filter((k) => k.comm === 'java');
  // tsx's esbuild service is the bench's tooling, not part of the stack.
  const workers = kids.filter((k) => !['java', 'esbuild', 'sh', 'bash'].includes(k.comm));
  return [
    { name: 'bench and stack', pid: process.pid },
    ...java.map((k, i) => ({ name: java.length > 1 ? `DynamoDB Local ${i + 1}` : 'DynamoDB Local', pid: k.pid })),
    ...workers.map((k, i) => ({ name: `worker ${i + 1} (${k.comm})`, pid: k.pid })),
  ];
}

export interface QueueSample {
  /** Messages waiting or in flight, per queue. */
  depth: Record<string, number>;
  /** Age in seconds of the oldest message (waiting, delayed or in flight) per queue. */
  oldestAgeSeconds: Record<string, number>;
}

/** The SQS emulator's own (non-destructive) inspection endpoints, on loopback. */
function sqsBase(stack: BareStack): string {
  const u = new URL(stack.env.AWS_ENDPOINT_URL_SQS!);
  return `http://127.0.0.1:${u.port}`;
}

export async function sampleQueues(stack: BareStack): Promise<QueueSample> {
  const base = sqsBase(stack);
  const list = (await (await fetch(`${base}/_fauxqs/queues`)).json()) as { name: string }[];
  const sample: QueueSample = { depth: {}, oldestAgeSeconds: {} };
  const now = Date.now();
  await Promise.all(
    list.map(async ({ name }) => {
      const q = (await (await fetch(`${base}/_fauxqs/queues/${encodeURIComponent(name)}`)).json()) as {
        messages: {
          ready: { sentTimestamp: number }[];
          delayed: { sentTimestamp: number }[];
          inflight: { message: { sentTimestamp: number } }[];
        };
      };
      const sent = [
        ...q.messages.ready.map((m) => m.sentTimestamp),
        ...q.messages.delayed.map((m) => m.sentTimestamp),
        ...q.messages.inflight.map((m) => m.message.sentTimestamp),
      ];
      sample.depth[name] = sent.length;
      sample.oldestAgeSeconds[name] = sent.length ? (now - Math.min(...sent)) / 1000 : 0;
    }),
  );
  return sample;
}

/** RLUSD held on trust lines (what the issuer owes their holders) and locked in escrows, in cents. */
export interface RlusdTotals {
  linesCents: number;
  escrowedCents: number;
  totalCents: number;
  escrows: number;
}

async function paged<T>(client: Client, request: Record<string, unknown>, key: string): Promise<T[]> {
  const out: T[] = [];
  let marker: unknown;
  do {
    const res = (await client.request({ ...request, ...(marker ? { marker } : {}) } as never)) as {
      result: Record<string, unknown>;
    };
    out.push(...((res.result[key] as T[]) ?? []));
    marker = res.result.marker;
  } while (marker);
  return out;
}

export async function rlusdTotals(stack: BareStack, holders: readonly string[]): Promise<RlusdTotals> {
  const issuer = stack.env.RLUSD_ISSUER!;
  const client = new Client(stack.env.XRPL_URL!);
  await client.connect();
  try {
    const lines = await paged<{ balance: string }>(
      client,
      { command: 'account_lines', account: issuer, ledger_index: 'validated' },
      'lines',
    );
    // The issuer's side of each line: negative is what the holder has.
    const linesCents = lines.reduce(
      (sum, l) =>
        l.balance.startsWith('-')
          ? sum + ledgerValueToCents(l.balance.slice(1), 'exact')
          : sum - ledgerValueToCents(l.balance, 'exact'),
      0,
    );
    // An escrow is listed by its owner and by its destination: counted once, by its ledger entry id.
    const escrows = new Map<string, number>();
    for (const account of holders) {
      const objects = await paged<{ index: string; Amount?: { value?: string } | string }>(
        client,
        { command: 'account_objects', account, type: 'escrow', ledger_index: 'validated' },
        'account_objects',
      );
      for (const o of objects) {
        if (typeof o.Amount === 'object' && o.Amount.value)
          escrows.set(o.index, ledgerValueToCents(o.Amount.value, 'exact'));
      }
    }
    const escrowedCents = [...escrows.values()].reduce((sum, c) => sum + c, 0);
    return { linesCents, escrowedCents, totalCents: linesCents + escrowedCents, escrows: escrows.size };
  } finally {
    await client.disconnect();
  }
}

/** Statuses whose escrow is on the ledger (created, not yet finished or cancelled). */
const HELD = ['funded', 'shipped', 'delivered'] as const;

export interface EscrowCheck {
  held: number;
  found: number;
  /** Orders whose escrow is missing or holds another amount (ids, a few). */
  wrong: string[];
  byStatus: Record<string, number>;
}

/** Every order whose escrow should be on the ledger: its escrow there, holding the order's total. */
export async function checkEscrows(stack: BareStack): Promise<EscrowCheck> {
  const client = new Client(stack.env.XRPL_URL!);
  await client.connect();
  const check: EscrowCheck = { held: 0, found: 0, wrong: [], byStatus: {} };
  try {
    for (const status of [
      ...HELD,
      'completed',
      'releasing',
      'submitting',
      'awaiting_signature',
      'cancelled',
    ] as const) {
      const { data } = await db().entities.order.query.byStatusDeadline({ status }).go({ pages: 'all' });
      check.byStatus[status] = data.length;
      if (!(HELD as readonly string[]).includes(status)) continue;
      for (const o of data) {
        check.held++;
        const owner = o.escrow?.buyerAddress;
        const seq = o.escrowCreate?.sequence;
        try {
          const res = (await client.request({
            command: 'ledger_entry',
            escrow: { owner, seq },
            ledger_index: 'validated',
          } as never)) as { result: { node?: { Amount?: { value?: string } } } };
          const value = res.result.node?.Amount?.value;
          if (value !== undefined && ledgerValueToCents(value, 'exact') === o.totalCents) check.found++;
          else if (check.wrong.length < 5) check.wrong.push(`${o.orderId}: holds ${value ?? 'nothing'}`);
        } catch (error) {
          if (check.wrong.length < 5) check.wrong.push(`${o.orderId}: ${String(error).slice(0, 80)}`);
        }
      }
    }
    return check;
  } finally {
    await client.disconnect();
  }
}

/**
 * Counts the ERROR lines the handlers log in this process (the app's structured logs), by message and error, while
 * passing them through; `stop()` puts the streams back and returns the counts. Handlers in worker processes log
 * there, not here.
 */
export function countErrorLogs(): { stop(): Record<string, number> } {
  const counts: Record<string, number> = {};
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((s) => s.write.bind(s));
  streams.forEach((stream, i) => {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
      for (const line of text.split('\n')) {
        if (!line.includes('"level":"ERROR"')) continue;
        try {
          const entry = JSON.parse(line) as { message?: string; error?: { message?: string } };
          const key = `${entry.message ?? '?'}: ${(entry.error?.message ?? '').replace(/\d+/g, 'N').slice(0, 80)}`;
          counts[key] = (counts[key] ?? 0) + 1;
        } catch {
          counts['unparsed ERROR line'] = (counts['unparsed ERROR line'] ?? 0) + 1;
        }
      }
      return (originals[i] as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
  return {
    stop() {
      streams.forEach((stream, i) => (stream.write = originals[i] as typeof stream.write));
      return counts;
    },
  };
}
