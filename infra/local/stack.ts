import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { resetConfigForTests } from '../../functions/lib/config';
import { resetFulfillmentVault } from '../../functions/adapters/fulfillment-vault';
import { resetAwsClients } from '../../functions/lib/aws-clients';
import { setClock } from '../../functions/adapters/clock';
import {
  allHandlerModules,
  queues as routeQueues,
  routeList,
  schedules,
  wsAuthorizer,
  wsRoutes,
  type QueueDef,
  type ScheduleDef,
} from '../../functions/routes';
import { writeJsonError } from './api-event';
import { CONNECTIONS_PREFIX, createConnectionsEndpoint } from './connections-endpoint';
import { ENDPOINT_FILE, ensureTable, startDynamo, type DynamoJit, type LocalDynamo } from './dynamodb';
import { ensureJava } from './ensure-java';
import {
  applyEnv,
  buildEnv,
  localFulfillmentKey,
  localSessionSigningKey,
  LOCAL_CREDENTIALS,
  LOCAL_MEDIA_BUCKET,
  LOCAL_REGION,
  LOCAL_TABLE_NAME,
} from './env';
import { warmHandlers } from './handlers';
import { createHttpGateway } from './http-gateway';
import { startHttpPool, type HttpPool } from './http-pool';
import { createMediaHandler } from './media';
import { startPoller } from './queue-poller';
import { startS3, type LocalS3 } from './s3';
import { startSqs, type LocalSqs } from './sqs';
import { sellerDevWallets } from './seed/seller-wallets';
import { adminDevWallet, localAdminWallet } from './seed/admin-wallet';
import { parseAdminWallets } from '../../shared/domain/admin-wallets';
import { startStandIns, type StandIns } from './stand-ins';
import { createStaticWeb } from './static-web';
import { createLocalControls, LOCAL_CONTROLS_PREFIX } from './local-controls';
import { loopbackOrigins } from './cross-site';
import { runSchedule, startTimers } from './timers';
import { createWsGateway, type WsRouteModules } from './ws-gateway';

export interface LocalStackOptions {
  /** 0 picks a free port; default 3000. */
  port?: number;
  /** Where DynamoDB Local and S3 keep their data (and seeded.json). */
  dataDir: string;
  /** Wipe dataDir first. */
  reset?: boolean;
  /** Seed demo data on the first start of this dataDir (infra/local/seed). */
  seed?: boolean;
  /** The built web app; null or missing = API only (other paths are 404). */
  webDir?: string | null;
  /** More queues with their consumers (tests). */
  extraQueues?: QueueDef[];
  /** Handler and gateway logs at info level (default: warnings and errors only). */
  log?: boolean;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Replaces WebSocket route modules (tests); default the route table's. */
  wsRoutes?: Partial<WsRouteModules>;
  /** The XRPL node stand-in's port: default 6006, 0 = free, false = use XRPL_URL / RLUSD_ISSUER from the environment. */
  ledgerPort?: number | false;
  /** The Xaman stand-in's port: default 7007, 0 = free, false = use XAMAN_API_URL / _KEY / _SECRET from the environment. */
  xamanPort?: number | false;
  /** The product lookup stand-in's port: default 7010, 0 = free, false = use PRODUCT_LOOKUP_URL from the environment. */
  productsPort?: number | false;
  /**
   * The carrier (FedEx) stand-in's port: default 7020, or a free one when `port` is 0 (tests and benches then never
   * collide with a running `npm start`); false = use CARRIER_API_URL etc. from the environment.
   */
  carrierPort?: number | false;
  /**
   * Test controls of the stand-ins (POST /_test/clock on the Xaman service) and the gateway's test viewer address
   * (api-event.ts); tests only.
   */
  testControls?: boolean;
  /** DynamoDB Local's JIT: 'fast-start' (default, C1 only) or 'full' (benches, which warm it up first). */
  dynamoJit?: DynamoJit;
  /**
   * The Lambda shape (decision 075): 0 or missing runs the HTTP handlers in this process; N > 0 in a pool of N worker
   * processes, each serving one request at a time as a Lambda container does (http-pool.ts). For benches and soaks:
   * the workers don't see this process's test controls (the functions' clock), so test stacks keep the default.
   */
  httpWorkers?: number;
  /** Handler modules (as routes.ts names them) each pool worker loads before it serves: warm containers. */
  httpPreload?: readonly string[];
}

export interface LocalStack {
  url: string;
  port: number;
  /** The environment the handlers run with (also set on process.env). */
  env: Record<string, string>;
  /** Runs one schedule's handler now (or with `at` as its run time). */
  runSchedule(name: string, at?: Date): Promise<unknown>;
  /** The local stand-ins (XRPL node, Xaman, product lookup, carrier) this stack started. */
  standIns: StandIns;
  /** The Lambda-shape pool's counters (`httpWorkers` > 0): invocations, handler time and waits for a free worker. */
  httpPool?: Pick<HttpPool, 'stats'>;
  stop(): Promise<void>;
}

type Starter = { stop(): Promise<void> };

/** process.env is one per process, so only one stack may run in a process at a time. */
let active = false;

/**
 * What the local data of a seeded dir is made for. A dir seeded at an older version is seeded again (idempotent: it adds
 * what is new, such as reviews) and its listing indexes, search postings and browse facets rebuilt, so a developer's data keeps working.
 * 4: wishlist items get their reverse entries (auction-ending notices).
 * 5: the demo sellers' wallets are real accounts on the local ledger (infra/local/seed/seller-wallets.ts).
 * 6: browse facets are one item per listing and scope (decision 013's addendum); the old entries are left unread.
 */
const DATA_VERSION = 6;

async function seedOnce(dataDir: string): Promise<void> {
  const marker = path.join(dataDir, 'seeded.json');
  const previous = fs.existsSync(marker)
    ? ((JSON.parse(fs.readFileSync(marker, 'utf8')) as { dataVersion?: number }).dataVersion ?? 1)
    : null;
  if (previous === DATA_VERSION) return;
  // Imported by computed path: the stack works (without seeding) before infra/local/seed exists.
  const seedModule = new URL('./seed/index.ts', import.meta.url).href;
  const { seedDemoData, reindexSearch } = (await import(seedModule)) as {
    seedDemoData(options?: { now?: Date }): Promise<{ sellers: number; listings: number }>;
    reindexSearch(): Promise<number>;
  };
  const seededAt = new Date();
  const result = await seedDemoData({ now: seededAt });
  if (previous !== null) await reindexSearch();
  fs.writeFileSync(
    marker,
    JSON.stringify({ seededAt: seededAt.toISOString(), dataVersion: DATA_VERSION, ...result }, null, 2) + '\n',
  );
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the whole local runtime: DynamoDB Local, S3 (s3rver), SQS (fauxqs), and one HTTP server with the API gateway
 * (/api), media (/media), WebSocket gateway (/ws), @connections endpoint (/_ws) and the web app; then queue pollers and
 * schedule timers. The handlers are the same modules the cloud runs, called in this process.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  if (active) throw new Error('A local stack is already running in this process (its environment is process-wide)');
  active = true;
  const dataDir = path.resolve(opts.dataDir);
  const log = opts.log ?? false;
  const started: Starter[] = [];
  let restoreEnv: (() => void) | undefined;
  const server = http.createServer();
  // Longer than Node clients keep an idle connection (5 s): when both sides time out together, a client can reuse a
  // connection the server is closing and its request fails with 'socket hang up' (seen under load in the tests).
  server.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const stopAll = async () => {
    for (const s of started.reverse()) {
      try {
        await s.stop();
      } catch (error) {
        console.error('local stack: stop step failed', error);
      }
    }
    restoreEnv?.();
    setClock(null);
    resetConfigForTests();
    resetFulfillmentVault();
    resetAwsClients();
    active = false;
  };

  try {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    if (opts.reset) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    await ensureJava();

    // Listen first: the origin (port) is needed for CORS and the handlers' URLs. Requests wait for `ready`.
    let ready = false;
    let dispatch: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!ready) {
        req.resume();
        writeJsonError(res, 503, 'starting', 'The local stack is still starting', { headers: { 'retry-after': '1' } });
        return;
      }
      dispatch(req, res);
    });
    const host = opts.host ?? '127.0.0.1';
    const port = await listen(server, opts.port ?? 3000, host);
    started.push({
      stop: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const s of sockets) s.destroy();
        }),
    });
    const url = `http://localhost:${port}`;
    const origins = [url, `http://127.0.0.1:${port}`];

    const queueDefs = [...routeQueues, ...(opts.extraQueues ?? [])];
    const [dynamo, s3, sqs, standIns] = await Promise.all([
      startDynamo({ dir: path.join(dataDir, 'dynamodb'), log, jit: opts.dynamoJit }).then(
        (d: LocalDynamo) => (started.push(d), d),
      ),
      startS3({ dir: path.join(dataDir, 's3'), bucket: LOCAL_MEDIA_BUCKET, origins, log }).then(
        (s: LocalS3) => (started.push(s), s),
      ),
      startSqs(queueDefs).then((q: LocalSqs) => (started.push(q), q)),
      startStandIns({
        dataDir,
        host,
        ledgerPort: opts.ledgerPort ?? 6006,
        xamanPort: opts.xamanPort ?? 7007,
        productsPort: opts.productsPort ?? 7010,
        carrierPort: opts.carrierPort ?? (opts.port === 0 ? 0 : 7020),
        log,
        testControls: opts.testControls,
      }).then((s: StandIns) => (started.push(s), s)),
    ]);
    await ensureTable(dynamo.client, LOCAL_TABLE_NAME);
    fs.writeFileSync(path.join(dataDir, ENDPOINT_FILE), JSON.stringify({ endpoint: dynamo.endpoint }) + '\n');

    const env = buildEnv(
      {
        url,
        dynamodb: dynamo.endpoint,
        s3: s3.endpoint,
        sqs: sqs.endpoint,
        queueUrls: new Map(sqs.queues.map((q) => [q.def.name, q.url])),
        log,
        ...standIns.endpoints,
        sessionSigningKey: localSessionSigningKey(dataDir),
        fulfillmentKey: localFulfillmentKey(dataDir),
        // The stand-in's 'admin' dev wallet, and any the developer's own ADMIN_WALLET_ADDRESSES names (decision 062).
        adminWallets: [
          ...(standIns.xaman ? [localAdminWallet().classicAddress] : []),
          ...parseAdminWallets(process.env.ADMIN_WALLET_ADDRESSES),
        ],
        adminSecretsFile: path.join(dataDir, 'admin-secrets.json'),
      },
      queueDefs,
    );
    restoreEnv = applyEnv(env);
    resetConfigForTests();
    resetFulfillmentVault();
    resetAwsClients();
    const httpHandlers = new Set(routeList.map((r) => r.handler));
    warmHandlers(
      [...allHandlerModules(), ...queueDefs.map((q) => q.consumer)].filter(
        (m) => !opts.httpWorkers || !httpHandlers.has(m),
      ),
    );
    // Forked after the environment is set: the workers get the same one.
    let pool: HttpPool | undefined;
    if (opts.httpWorkers && opts.httpWorkers > 0) {
      pool = startHttpPool(opts.httpWorkers, { preload: opts.httpPreload });
      started.push(pool);
      await pool.ready;
    }

    // The local administrator can sign in from the sign page (its address is configured above).
    standIns.xaman
      ?.adoptWallets([adminDevWallet()])
      .catch((error: unknown) => console.error('local stack: funding the admin wallet failed', error));
    if (opts.seed) {
      await seedOnce(dataDir);
      // The demo sellers can be bought from and signed in as: their wallets are funded and shown on the sign page.
      standIns.xaman
        ?.adoptWallets(sellerDevWallets())
        .catch((error: unknown) => console.error('local stack: funding the demo sellers failed', error));
    }

    const s3Client = new S3Client({
      region: LOCAL_REGION,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: LOCAL_CREDENTIALS,
    });
    const ws = createWsGateway({ routes: { ...wsRoutes, authorizer: wsAuthorizer, ...opts.wsRoutes }, log });
    const api = createHttpGateway({
      routes: routeList,
      log,
      trustTestViewerAddress: opts.testControls === true,
      invoke: pool?.invoke,
    });
    const media = createMediaHandler({ s3: s3Client, bucket: LOCAL_MEDIA_BUCKET });
    const ownOrigins = loopbackOrigins(port);
    const connections = createConnectionsEndpoint(ws.connections, { origins: ownOrigins });
    const localControls = createLocalControls({
      schedules,
      clockControl: opts.testControls === true,
      origins: ownOrigins,
    });
    const webDir = opts.webDir && fs.existsSync(opts.webDir) ? opts.webDir : null;
    const web = webDir ? createStaticWeb(webDir) : null;
    started.push({ stop: () => ws.close() });

    server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
      const pathname = (req.url ?? '').split('?')[0];
      if (pathname !== '/ws' || !ready) {
        socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      ws.handleUpgrade(req, socket, head).catch((error) => {
        console.error('local stack: upgrade failed', error);
        socket.destroy();
      });
    });

    const fail = (res: ServerResponse, error: unknown) => {
      console.error('local stack: request failed', error);
      if (!res.headersSent) writeJsonError(res, 500, 'internal', 'Something went wrong on our side');
      else res.destroy();
    };
    dispatch = (req, res) => {
      const pathname = (req.url ?? '/').split('?')[0]!;
      if (pathname === '/api' || pathname.startsWith('/api/')) api(req, res).catch((e) => fail(res, e));
      else if (pathname.startsWith('/media/')) media(req, res).catch((e) => fail(res, e));
      else if (pathname.startsWith(CONNECTIONS_PREFIX)) connections(req, res).catch((e) => fail(res, e));
      else if (pathname.startsWith(LOCAL_CONTROLS_PREFIX)) localControls(req, res).catch((e) => fail(res, e));
      else if (pathname === '/ws') {
        req.resume();
        res
          .writeHead(426, { upgrade: 'websocket', 'content-type': 'text/plain; charset=utf-8' })
          .end('Upgrade Required');
      } else if (web) web(req, res);
      else {
        req.resume();
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      }
    };

    const sqsClient = new SQSClient({ region: LOCAL_REGION, endpoint: sqs.endpoint, credentials: LOCAL_CREDENTIALS });
    const pollers = sqs.queues.map((q) =>
      startPoller(sqsClient, {
        queueUrl: q.url,
        queueArn: q.arn,
        consumer: q.def.consumer,
        batchSize: q.def.batchSize,
        region: LOCAL_REGION,
      }),
    );
    started.push({ stop: async () => void (await Promise.all(pollers.map((p) => p.stop()))) });
    const timers = startTimers(schedules);
    started.push(timers);
    // Xaman calls the application's webhook when a payload resolves (signing settles at once, not at the next poll).
    standIns.xaman?.setWebhookUrl(`${url}/api/signing/webhook`);
    // The carrier signs a webhook on every scan; a delivery releases its escrow at once, not at the next check.
    standIns.carrier?.setWebhookUrl(`${url}/api/carrier/webhook`);
    ready = true;

    const byName = new Map<string, ScheduleDef>(schedules.map((s) => [s.name, s]));
    let stopping: Promise<void> | undefined;
    return {
      url,
      port,
      env,
      standIns,
      ...(pool && { httpPool: { stats: () => pool.stats() } }),
      runSchedule: async (name, at) => {
        const def = byName.get(name);
        if (!def) throw new Error(`no schedule named ${name}`);
        return runSchedule(def, at);
      },
      stop: () => {
        stopping ??= (async () => {
          ready = false;
          await stopAll();
          s3Client.destroy();
          sqsClient.destroy();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
