import { Client } from 'xrpl';

/**
 * One `xrpl` Client to the ledger, connected on first use and again after the node went away, so the stand-in can start
 * before the ledger node and survive its restarts.
 */
export class LedgerLink {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private closed = false;

  constructor(readonly url: string) {}

  async get(): Promise<Client> {
    if (this.closed) throw new Error('The ledger link is closed');
    if (this.client?.isConnected()) return this.client;
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<Client> {
    if (this.client) await this.client.disconnect().catch(() => undefined);
    const client = new Client(this.url, { connectionTimeout: 5000, timeout: 10_000 });
    // The stand-in reconnects on demand; an unhandled 'error' event must not crash the process.
    client.on('error', () => undefined);
    await client.connect();
    this.client = client;
    return client;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    if (client?.isConnected()) await client.disconnect();
  }
}
