import { Client, DisconnectedError, NotConnectedError, RippledError, TimeoutError } from 'xrpl';
import type { LedgerEndpoints } from '../../core/admin-network/ports';
import { createLogger } from '../../lib/logger';

export interface ConnectionOptions {
  /** How long a connect may take before it fails (Lambda must not hang on an unreachable node). */
  connectTimeoutMs?: number;
  /** How long one request may wait for its answer. */
  requestTimeoutMs?: number;
  /** Whether a request left unanswered is sent once more on a fresh connection (default true; a probe says false). */
  resendUnanswered?: boolean;
}

const log = createLogger({ service: 'ledger' });

/**
 * The rippled API version every read is written against (xrpl.org API versioning): in version 2 a Payment's
 * `tx_json` has DeliverMax and no Amount, and what it delivered is only ever `meta.delivered_amount`. Pinned here
 * rather than left to the xrpl Client's default, so a library upgrade cannot change the shapes under us.
 */
export const API_VERSION = 2;

/** The rippled error code of a failed request (actNotFound, entryNotFound, txnNotFound, ...), if it was one. */
export function rippledErrorCode(error: unknown): string | undefined {
  if (!(error instanceof RippledError)) return undefined;
  const code = (error.data as { error?: unknown } | undefined)?.error;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Walks an account's paged list in the validated ledger (account_lines, account_objects; `listKey` names the array)
 * until `pick` returns something; null when nothing matches or the account does not exist.
 */
export async function findInAccountPages<T, R>(
  connection: LedgerConnection,
  method: 'account_lines' | 'account_objects',
  params: Record<string, unknown>,
  listKey: 'lines' | 'account_objects',
  pick: (item: T) => R | undefined,
): Promise<R | null> {
  let marker: unknown;
  do {
    let page: Record<string, unknown>;
    try {
      page = await connection.request(method, {
        ...params,
        ledger_index: 'validated',
        limit: 200,
        ...(marker === undefined ? {} : { marker }),
      });
    } catch (error) {
      if (rippledErrorCode(error) === 'actNotFound') return null;
      throw error;
    }
    for (const item of (page[listKey] ?? []) as T[]) {
      const found = pick(item);
      if (found !== undefined) return found;
    }
    marker = page.marker;
  } while (marker !== undefined);
  return null;
}

/** A request the node never answered: the socket dropped under it, or no answer came within the request timeout. */
const isUnanswered = (error: unknown) =>
  error instanceof NotConnectedError || error instanceof DisconnectedError || error instanceof TimeoutError;

/** The endpoints to dial, asked before each use (decision 072: the saved ones, read through a short cache). */
export type EndpointSource = () => Promise<LedgerEndpoints>;

/** One endpoint, as the constructor's string form and the tests dial it. */
const fixedEndpoint =
  (url: string, options: ConnectionOptions): EndpointSource =>
  () =>
    Promise.resolve({
      urls: [url],
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
      maxRetries: 0,
    });

/** The endpoints in the order to try them: after `failed` (the one that just failed) when it is among them. */
function failoverOrder(urls: readonly string[], failed: string | undefined): readonly string[] {
  const at = failed === undefined ? -1 : urls.indexOf(failed);
  return at < 0 ? urls : [...urls.slice(at + 1), ...urls.slice(0, at + 1)];
}

/**
 * One xrpl Client per warm container: connected lazily on the first request (concurrent first requests share the
 * connect), and connected again when a request finds the socket gone. xrpl's own reconnect covers drops between
 * requests; this covers a drop during one, and a node that was down at the last attempt.
 *
 * The endpoints come from `source` before each use (decision 072): a connect tries them in order, up to 1 + maxRetries
 * attempts, each within the connect timeout; a node that reports another network than the deployment's is passed over.
 * An open connection to an endpoint no longer listed (or opened with other timeouts) is replaced on the next use.
 */
export class LedgerConnection {
  private client: Client | undefined;
  private openedWith: LedgerEndpoints | undefined;
  private connecting: Promise<Client> | undefined;
  /** The endpoint a request last found unanswering: the next connect starts after it. */
  private failed: string | undefined;
  private readonly source: EndpointSource;
  private readonly resend: boolean;

  constructor(endpoints: string | EndpointSource, options: ConnectionOptions = {}) {
    this.source = typeof endpoints === 'string' ? fixedEndpoint(endpoints, options) : endpoints;
    this.resend = options.resendUnanswered ?? true;
  }

  /** The endpoint of the open connection, if any. */
  get url(): string | undefined {
    return this.client?.url;
  }

  private async dial(url: string, plan: LedgerEndpoints): Promise<Client> {
    const client = new Client(url, { connectionTimeout: plan.connectTimeoutMs, timeout: plan.requestTimeoutMs });
    // Without a listener an 'error' event would throw out of the socket handler.
    client.on('error', (code: unknown, message: unknown) => log.warn('ledger socket error', { url, code, message }));
    try {
      await client.connect();
    } catch (error) {
      void client.disconnect().catch(() => undefined);
      throw error;
    }
    // xrpl's connect asked server_info (its network id) already: refusing another network costs no request.
    if (plan.networkId !== undefined && client.networkID !== undefined && client.networkID !== plan.networkId) {
      void client.disconnect().catch(() => undefined);
      throw new Error(`${url} serves network ${client.networkID}, not this deployment's (${plan.networkId})`);
    }
    return client;
  }

  private async open(plan: LedgerEndpoints): Promise<Client> {
    // A client that lost its socket may still be closing it, and xrpl refuses to connect it again until it has
    // ("Websocket connection never cleaned up"): it is let go, and a fresh one connects.
    const stale = this.client;
    this.client = undefined;
    if (stale) void stale.disconnect().catch(() => undefined);
    const order = failoverOrder(plan.urls, this.failed);
    let lastError: unknown = new Error('No ledger endpoint is configured');
    for (let attempt = 0; attempt <= plan.maxRetries && order.length > 0; attempt++) {
      const url = order[attempt % order.length]!;
      try {
        const client = await this.dial(url, plan);
        [this.client, this.openedWith, this.failed] = [client, plan, undefined];
        return client;
      } catch (error) {
        lastError = error;
        log.warn('ledger endpoint failed', { url, attempt, error: (error as Error).message });
      }
    }
    throw lastError;
  }

  /** Whether the open connection still fits the endpoints in force (listed, and dialled with the same timeouts). */
  private fits(plan: LedgerEndpoints): boolean {
    const was = this.openedWith;
    return (
      was !== undefined &&
      plan.urls.includes(this.client?.url ?? '') &&
      was.connectTimeoutMs === plan.connectTimeoutMs &&
      was.requestTimeoutMs === plan.requestTimeoutMs
    );
  }

  async connected(): Promise<Client> {
    if (this.connecting) return this.connecting;
    const plan = await this.source();
    if (this.client?.isConnected() && this.fits(plan)) return this.client;
    this.connecting ??= this.open(plan).finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /**
   * One request and its `result`. A request the node leaves unanswered (the connection gone, or no answer in time) is
   * sent once more on a fresh connection, starting at the next endpoint; that is safe for every command we send
   * (reads, and `submit` of a signed blob, whose hash makes a second copy a no-op).
   */
  async request<T = Record<string, unknown>>(command: string, params: Record<string, unknown> = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.connected();
      try {
        const response = await client.request({ command, api_version: API_VERSION, ...params } as never);
        return (response as { result: T }).result;
      } catch (error) {
        if (attempt === 0 && this.resend && isUnanswered(error)) {
          log.info('ledger request unanswered, retrying on a fresh connection', { command, url: client.url });
          if (this.client === client) {
            this.failed = client.url;
            this.client = undefined;
            void client.disconnect().catch(() => undefined);
          }
          continue;
        }
        throw error;
      }
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client?.isConnected()) await client.disconnect();
  }
}
