/** Runs a ledger node in its own process for the throughput bench: `tsx ledger-node-process.ts <dataDir>`. */
import { startLedgerNode } from '../../infra/local/ledger/node';

const node = await startLedgerNode({ port: 0, dataDir: process.argv[2]!, closeIntervalMs: 1000 });
process.stdout.write(`${JSON.stringify({ url: node.url, faucetUrl: node.faucetUrl })}\n`);
process.once('SIGTERM', () => {
  void node.stop().then(() => process.exit(0));
});
