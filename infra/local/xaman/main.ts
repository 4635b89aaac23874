/**
 * Runs the Xaman stand-in on its own: `tsx infra/local/xaman/main.ts`. `npm start` starts it inside the local stack
 * instead. Configuration from the environment:
 *   XAMAN_API_KEY, XAMAN_API_SECRET  required, lowercase UUIDs (xumm-sdk refuses anything else)
 *   RLUSD_ISSUER                      required, the ledger's RLUSD issuer (the node's genesis.issuer)
 *   XAMAN_PORT (7007), XAMAN_HOST (127.0.0.1), XAMAN_PUBLIC_URL (http://host:port)
 *   XRPL_URL (ws://127.0.0.1:6006), XRPL_FAUCET_URL (http://<XRPL_URL host>/accounts)
 *   DATA_DIR (.data; payloads and dev wallets go to <DATA_DIR>/xaman), XAMAN_DEV_WALLETS (3), XAMAN_LOG (1)
 */
import path from 'node:path';
import { startXamanService } from './service';

const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/;

function required(name: string, valid: (v: string) => boolean, hint: string): string {
  const value = process.env[name];
  if (!value || !valid(value)) {
    console.error(`${name} must be set: ${hint}`);
    process.exit(2);
  }
  return value;
}

/** The faucet answers over HTTP on the ledger's own port. */
function faucetUrlFor(ledgerUrl: string): string {
  const u = new URL(ledgerUrl);
  u.protocol = u.protocol === 'wss:' ? 'https:' : 'http:';
  u.pathname = '/accounts';
  return u.toString();
}

const apiKey = required('XAMAN_API_KEY', (v) => UUID.test(v), 'a lowercase UUID');
const apiSecret = required('XAMAN_API_SECRET', (v) => UUID.test(v), 'a lowercase UUID');
const rlusdIssuer = required('RLUSD_ISSUER', (v) => /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(v), 'a classic address');
const ledgerUrl = process.env.XRPL_URL ?? 'ws://127.0.0.1:6006';

const service = await startXamanService({
  port: Number(process.env.XAMAN_PORT ?? 7007),
  host: process.env.XAMAN_HOST ?? '127.0.0.1',
  publicUrl: process.env.XAMAN_PUBLIC_URL,
  dataDir: path.resolve(process.env.DATA_DIR ?? '.data'),
  apiKey,
  apiSecret,
  ledgerUrl,
  faucetUrl: process.env.XRPL_FAUCET_URL ?? faucetUrlFor(ledgerUrl),
  rlusdIssuer,
  devWallets: Number(process.env.XAMAN_DEV_WALLETS ?? 3),
  log: process.env.XAMAN_LOG !== '0',
});
console.log(`Xaman stand-in listening at ${service.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void service.stop().then(() => process.exit(0));
  });
}
