import { WebSocket } from 'ws';

/**
 * A bare WebSocket to the node, without the xrpl Client (which adds `api_version: 2` and unwraps answers), so the
 * whole response message can be compared, for any API version or none.
 */
export class RawSocket {
  private nextId = 1;
  private readonly pending = new Map<number, (message: Record<string, unknown>) => void>();
  readonly streamed: Record<string, unknown>[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      const resolve = typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
      if (message.type === 'response' && resolve) {
        this.pending.delete(message.id as number);
        resolve(message);
      } else {
        this.streamed.push(message);
      }
    });
  }

  static async open(url: string): Promise<RawSocket> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RawSocket(socket);
  }

  /** Sends `request` with a fresh numeric id and resolves with the whole response message. */
  request(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ id, ...request }));
    });
  }

  /** The `result` of a successful response; fails the test on an error answer. */
  async result(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await this.request(request);
    if (response.status !== 'success')
      throw new Error(`${String(request.command)} failed: ${JSON.stringify(response)}`);
    return response.result as Record<string, unknown>;
  }

  async waitFor(match: (message: Record<string, unknown>) => boolean, ms = 5000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.streamed.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('stream message not seen in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.socket.close();
  }
}
