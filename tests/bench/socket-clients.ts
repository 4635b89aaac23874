import { mailbox, tsWorker } from './ts-worker';

/** Sockets connected at once while setting up (each runs the authorizer and $connect). */
const CONNECT_BATCH = 50;

type Message = { ready?: boolean; error?: string; id?: string; times?: number[] };

/**
 * `sockets` open pages subscribed to `topic` through the local WebSocket gateway, in a worker thread (their frame
 * handling doesn't share the event loop of the local stack). Times are epoch milliseconds (ts-worker.ts's epochNow).
 */
export async function openPages(wsUrl: string, topic: string, sockets: number) {
  const worker = tsWorker(new URL('./socket-clients.worker.ts', import.meta.url), {
    url: wsUrl,
    topic,
    sockets,
    batch: CONNECT_BATCH,
  });
  const next = mailbox<Message>(worker);
  const stop = async () => {
    worker.postMessage({ stop: true });
    await worker.terminate();
  };
  try {
    if (!(await next((m) => m.ready === true, 120_000))) throw new Error('the sockets did not all subscribe');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    /**
     * When each socket received the event with this id: all of them, or after `timeoutMs` (then 5 s more for frames
     * in flight) those that did.
     */
    async receiveTimes(eventId: string, timeoutMs = 10_000): Promise<number[]> {
      let got = await next((m) => m.id === eventId, timeoutMs);
      if (!got) {
        worker.postMessage({ flush: eventId });
        got = await next((m) => m.id === eventId, 5_000);
      }
      return got?.times ?? [];
    },
    stop,
  };
}
