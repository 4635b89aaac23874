import { clock } from '../../functions/adapters/clock';
import { startCarrierService, type CarrierService } from './carrier/service';
import { startLedgerNode, type LedgerNode } from './ledger/node';
import { ensurePlatformTrustLine } from './ledger/platform-line';
import { startProductService, type ProductService } from './products/server';
import { startXamanService, type XamanService } from './xaman/service';
import {
  LOCAL_CARRIER_ACCOUNT_NUMBER,
  LOCAL_CARRIER_API_KEY,
  LOCAL_CARRIER_API_SECRET,
  LOCAL_CARRIER_TRACK_API_KEY,
  LOCAL_CARRIER_TRACK_API_SECRET,
  LOCAL_CARRIER_WEBHOOK_SECRET,
  LOCAL_XAMAN_API_KEY,
  LOCAL_XAMAN_API_SECRET,
  type LocalEndpoints,
} from './env';

export interface StandInOptions {
  dataDir: string;
  host: string;
  /** The XRPL node's port (0 = free); false = none: XRPL_URL and RLUSD_ISSUER come from the environment (testnet). */
  ledgerPort: number | false;
  /** The Xaman stand-in's port (0 = free); false = none: XAMAN_API_URL / _KEY / _SECRET come from the environment. */
  xamanPort: number | false;
  /** The product lookup stand-in's port (0 = free); false = none: PRODUCT_LOOKUP_URL comes from the environment. */
  productsPort: number | false;
  /** The carrier (FedEx) stand-in's port (0 = free); false = none: CARRIER_API_URL etc. come from the environment. */
  carrierPort: number | false;
  log: boolean;
  /** Test controls of the stand-ins (the Xaman clock); only whole-stack tests turn them on. */
  testControls?: boolean;
}

export interface StandIns {
  ledger?: LedgerNode;
  xaman?: XamanService;
  products?: ProductService;
  carrier?: CarrierService;
  /** What buildEnv needs to point the handlers at them. */
  endpoints: Pick<LocalEndpoints, 'ledger' | 'xaman' | 'productLookupUrl' | 'carrier'>;
  stop(): Promise<void>;
}

/**
 * The local XRPL node, Xaman service, product lookup and carrier. The Xaman stand-in completes and funds through whichever ledger the handlers
 * use, so with a real ledger (ledgerPort false) it needs XRPL_URL, XRPL_FAUCET_URL and RLUSD_ISSUER from the environment.
 */
export async function startStandIns(opts: StandInOptions): Promise<StandIns> {
  const print = (prefix: string) => (opts.log ? (line: string) => console.log(`[${prefix}] ${line}`) : undefined);
  const ledger =
    opts.ledgerPort === false
      ? undefined
      : await startLedgerNode({
          port: opts.ledgerPort,
          host: opts.host,
          dataDir: opts.dataDir,
          testClock: opts.testControls,
          log: print('ledger'),
        });
  const endpoints: StandIns['endpoints'] = {};
  if (ledger) {
    endpoints.ledger = { url: ledger.url, rlusdIssuer: ledger.genesis.issuer, platform: ledger.keys.platform };
  }
  let xaman: XamanService | undefined;
  let products: ProductService | undefined;
  let carrier: CarrierService | undefined;
  try {
    if (ledger) await ensurePlatformTrustLine(ledger.url, ledger.keys.platform.seed, ledger.genesis.issuer);
    if (opts.productsPort !== false) {
      products = await startProductService({ port: opts.productsPort, host: opts.host });
      endpoints.productLookupUrl = products.url;
    }
    if (opts.carrierPort !== false) {
      // The webhook target is set once the gateway is up (infra/local/stack.ts).
      carrier = await startCarrierService({
        port: opts.carrierPort,
        host: opts.host,
        dataDir: opts.dataDir,
        accountNumber: LOCAL_CARRIER_ACCOUNT_NUMBER,
        client: { clientId: LOCAL_CARRIER_API_KEY, clientSecret: LOCAL_CARRIER_API_SECRET },
        trackClient: { clientId: LOCAL_CARRIER_TRACK_API_KEY, clientSecret: LOCAL_CARRIER_TRACK_API_SECRET },
        webhookSecret: LOCAL_CARRIER_WEBHOOK_SECRET,
        log: opts.log,
        // Scans follow the functions' clock, so a test that moves it still ships after funding (parcel-evidence.ts).
        now: clock.now,
      });
      endpoints.carrier = {
        url: carrier.url,
        accountNumber: LOCAL_CARRIER_ACCOUNT_NUMBER,
        apiKey: LOCAL_CARRIER_API_KEY,
        apiSecret: LOCAL_CARRIER_API_SECRET,
        trackApiKey: LOCAL_CARRIER_TRACK_API_KEY,
        trackApiSecret: LOCAL_CARRIER_TRACK_API_SECRET,
        webhookSecret: LOCAL_CARRIER_WEBHOOK_SECRET,
      };
    }
    if (opts.xamanPort !== false) {
      const ledgerUrl = ledger?.url ?? requiredEnv('XRPL_URL');
      xaman = await startXamanService({
        port: opts.xamanPort,
        host: opts.host,
        dataDir: opts.dataDir,
        apiKey: LOCAL_XAMAN_API_KEY,
        apiSecret: LOCAL_XAMAN_API_SECRET,
        ledgerUrl,
        faucetUrl: ledger?.faucetUrl ?? requiredEnv('XRPL_FAUCET_URL'),
        rlusdIssuer: ledger?.genesis.issuer ?? requiredEnv('RLUSD_ISSUER'),
        log: opts.log,
        testClock: opts.testControls,
      });
      endpoints.xaman = { url: xaman.url, apiKey: LOCAL_XAMAN_API_KEY, apiSecret: LOCAL_XAMAN_API_SECRET };
    }
  } catch (error) {
    await carrier?.stop();
    await products?.stop();
    await ledger?.stop();
    throw error;
  }
  return {
    ledger,
    xaman,
    products,
    carrier,
    endpoints,
    async stop() {
      await carrier?.stop();
      await products?.stop();
      await xaman?.stop();
      await ledger?.stop();
    },
  };
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set when the local XRPL node is not started`);
  return value;
}
