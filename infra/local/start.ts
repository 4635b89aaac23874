/**
 * `npm start`: the whole marketplace on this machine at http://localhost:3000 (PORT overrides). Data persists under
 * .data/ (DATA_DIR overrides); `--reset` wipes it first. The first start of a data dir seeds demo data.
 * The XRPL node stand-in listens on ws://127.0.0.1:6006 (XRPL_PORT), the Xaman stand-in on http://127.0.0.1:7007
 * (XAMAN_PORT), the product lookup stand-in on http://127.0.0.1:7010 (PRODUCTS_PORT) and the carrier (FedEx) stand-in
 * on http://127.0.0.1:7020 (CARRIER_PORT); setting XRPL_URL (with RLUSD_ISSUER), XAMAN_API_URL (with XAMAN_API_KEY /
 * XAMAN_API_SECRET), PRODUCT_LOOKUP_URL or CARRIER_API_URL (with the other CARRIER_* settings) uses that service
 * instead (README: "XRPL testnet and real Xaman", "FedEx sandbox").
 */
import path from 'node:path';
import { startLocalStack, type LocalStack } from './stack';
import { buildWebIfChanged } from './web-build';

const root = path.resolve(import.meta.dirname, '../..');
const reset = process.argv.includes('--reset');
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const log = process.env.LOG_LEVEL === 'info' || process.env.LOG_LEVEL === 'debug';
const ledgerPort = process.env.XRPL_URL ? false : Number(process.env.XRPL_PORT ?? 6006);
const xamanPort = process.env.XAMAN_API_URL ? false : Number(process.env.XAMAN_PORT ?? 7007);
const productsPort = process.env.PRODUCT_LOOKUP_URL ? false : Number(process.env.PRODUCTS_PORT ?? 7010);
const carrierPort = process.env.CARRIER_API_URL ? false : Number(process.env.CARRIER_PORT ?? 7020);

let stack: LocalStack | undefined;
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    console.log(`\n${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  try {
    await stack?.stop();
    process.exit(0);
  } catch (error) {
    console.error('stop failed', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

async function waitHealthy(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not healthy within 120 s: ${last}`);
}

try {
  const web = buildWebIfChanged(root);
  if (web.skipped) console.warn(`Web app not built: ${web.skipped}. Serving the API only.`);
  else if (web.built) console.log(`Built the web app in ${web.seconds.toFixed(1)} s`);
  if (reset) console.log(`Wiping ${path.relative(root, dataDir) || dataDir}/`);
  stack = await startLocalStack({
    port,
    dataDir,
    reset,
    seed: true,
    webDir: path.join(root, 'web/dist'),
    log,
    ledgerPort,
    xamanPort,
    productsPort,
    carrierPort,
  });
  await waitHealthy(stack.url);
  const seconds = performance.now() / 1000;
  console.log(`Marketplace running at http://localhost:${stack.port}`);
  const { ledger, xaman } = stack.standIns;
  console.log(
    ledger ? `Local XRPL node at ${ledger.url} (faucet ${ledger.faucetUrl})` : `XRPL: ${process.env.XRPL_URL}`,
  );
  console.log(xaman ? `Local Xaman service at ${xaman.url}` : `Xaman: ${process.env.XAMAN_API_URL}`);
  const { products } = stack.standIns;
  console.log(products ? `Local product lookup at ${products.url}` : `Products: ${process.env.PRODUCT_LOOKUP_URL}`);
  const { carrier } = stack.standIns;
  console.log(
    carrier
      ? `Local carrier (FedEx) at ${carrier.url}: parcels page ${carrier.url}/`
      : `Carrier: ${process.env.CARRIER_API_URL}`,
  );
  console.log(`Healthy ${seconds.toFixed(1)} s after start. Data in ${dataDir}. Ctrl-C stops everything.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stack?.stop().catch(() => undefined);
  process.exit(1);
}
