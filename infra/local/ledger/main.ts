/**
 * The XRPL node stand-in on its own: `tsx infra/local/ledger/main.ts`. Environment: XRPL_PORT (default 6006),
 * XRPL_HOST (127.0.0.1), DATA_DIR (.data; state goes to <DATA_DIR>/ledger), XRPL_CLOSE_INTERVAL_MS (1000; 0 closes
 * only on ledger_accept), XRPL_NETWORK_ID (unset: no [network_id], as a plain standalone rippled). Stops cleanly on
 * SIGINT / SIGTERM so the last ledger is on disk.
 */
import path from 'node:path';
import { startLedgerNode } from './node';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number >= 0, got "${raw}"`);
  return value;
}

const root = path.resolve(import.meta.dirname, '../../..');
const node = await startLedgerNode({
  port: intFromEnv('XRPL_PORT', 6006),
  host: process.env.XRPL_HOST || '127.0.0.1',
  dataDir: path.resolve(root, process.env.DATA_DIR ?? '.data'),
  closeIntervalMs: intFromEnv('XRPL_CLOSE_INTERVAL_MS', 1000),
  networkId: process.env.XRPL_NETWORK_ID ? intFromEnv('XRPL_NETWORK_ID', 0) : undefined,
  log: (line) => console.log(`[ledger] ${line}`),
});
console.log(`[ledger] RLUSD issuer ${node.genesis.issuer}, platform wallet ${node.genesis.platform}`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`[ledger] ${signal}: stopping`);
  try {
    await node.stop();
    process.exit(0);
  } catch (error) {
    console.error('[ledger] stop failed', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
