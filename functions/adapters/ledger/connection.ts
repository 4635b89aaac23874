import { Client, DisconnectedError, NotConnectedError, RippledError } from 'xrpl';
import { createLogger } from '../../lib/logger';

export interface ConnectionOptions {
  /** How long a connect may take before it fails (Lambda must not hang on an unreachable node). */
  connectTimeoutMs?: number;
  /** How long one request may wait for its answer. */
  requestTimeoutMs?: number;
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

const isDropped = (error: unknown) => error instanceof NotConnectedError || error instanceof DisconnectedError;

/**
 * One xrpl Client per warm container: connected lazily on the first request (concurrent first requests share the
 * connect), and connected again when a request finds the socket gone. xrpl's own reconnect covers drops between
 * requests; this covers a drop during one, and a node that was down at the last attempt.
 */
export class LedgerConnection {
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;

  constructor(
    readonly url: string,
    private readonly options: ConnectionOptions = {},
  ) {}

  private async open(): Promise<Client> {
    // A client that lost its socket may still be closing it, and xrpl refuses to connect it again until it has
    // ("Websocket connection never cleaned up"): it is let go, and a fresh one connects.
    const stale = this.client;
    if (stale) void stale.disconnect().catch(() => undefined);
    const client = new Client(this.url, {
      connectionTimeout: this.options.connectTimeoutMs ?? 5_000,
      timeout: this.options.requestTimeoutMs ?? 10_000,
    });
    // Without a listener an 'error' event would throw out of the socket handler.
    client.on('error', (code: unknown, message: unknown) => log.warn('ledger socket error', { code, message }));
    this.client = client;
    await client.connect();
    return client;
  }

  async connected(): Promise<Client> {
    if (this.client?.isConnected()) return this.client;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /**
   * One request and its `result`. A request that finds the connection gone is sent once more on a fresh one; that is
   * safe for every command we send (reads, and `submit` of a signed blob, whose hash makes a second copy a no-op).
   */
  async request<T = Record<string, unknown>>(command: string, params: Record<string, unknown> = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.connected();
      try {
        const response = await client.request({ command, api_version: API_VERSION, ...params } as never);
        return (response as { result: T }).result;
      } catch (error) {
        if (attempt === 0 && isDropped(error)) {
          log.info('ledger connection dropped, retrying', { command });
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
