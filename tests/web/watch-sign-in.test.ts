import './support/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_POLL } from '../../shared/domain/sign-in-poll';
import { watchSignIn } from '../../web/src/features/auth/lib/watch-sign-in';
import { signingStatusFrame, stubApi, stubSocket, type ApiAnswer } from './support/api-stub';

const uuid = '6f1c1b9e-2f4e-4c61-9d7a-0a1b2c3d4e5f';
const topic = `signing:${uuid}`;
const status = (s: string): ApiAnswer => ({ body: { uuid, status: s } });

function watch() {
  const onFinal = vi.fn();
  const onError = vi.fn();
  const stop = watchSignIn({ uuid, topic, onFinal, onError });
  return { onFinal, onError, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watchSignIn (spec part 1 business constants schedule)', () => {
  it('subscribes to the request topic and finishes on its status event, stopping the polling', async () => {
    const Socket = stubSocket();
    const { find } = stubApi(() => status('pending'));
    const { onFinal } = watch();
    await vi.advanceTimersByTimeAsync(0);
    const socket = Socket.instances[0]!;
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/ws$/);
    expect(socket.sent).toEqual([{ action: 'subscribe', topic }]);

    // An event on another topic, or a non-final status, changes nothing.
    socket.emit(signingStatusFrame('00000000-0000-4000-8000-000000000000', 'signed'));
    socket.emit(signingStatusFrame(uuid, 'pending'));
    // A frame that doesn't fit the server message schema is ignored.
    socket.emit({ type: 'event', topic, event: { type: 'signing.status', data: { status: 'signed' } } });
    expect(onFinal).not.toHaveBeenCalled();

    socket.emit(signingStatusFrame(uuid, 'signed'));
    expect(onFinal).toHaveBeenCalledWith('signed');
    expect(socket.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(find('GET', `/api/auth/sign-in/${uuid}`)).toHaveLength(0);
    expect(onFinal).toHaveBeenCalledTimes(1);
  });

  it('polls first after 2 s, then every 5 s, and reports the first final status', async () => {
    stubSocket();
    let n = 0;
    const { find } = stubApi(() => status(++n < 3 ? 'pending' : 'expired'));
    const { onFinal } = watch();
    const polls = () => find('GET', `/api/auth/sign-in/${uuid}`).length;
    await vi.advanceTimersByTimeAsync(1_999);
    expect(polls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(3);
    expect(onFinal).toHaveBeenCalledWith('expired');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(polls()).toBe(3);
  });

  it('while the socket is subscribed: one read to catch up, then no polling until the socket drops', async () => {
    const Socket = stubSocket();
    const { find } = stubApi(() => status('pending'));
    const { onFinal } = watch();
    const polls = () => find('GET', `/api/auth/sign-in/${uuid}`).length;
    await vi.advanceTimersByTimeAsync(0);
    const socket = Socket.instances[0]!;
    socket.emit({ type: 'subscribed', topic });
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000 + 3 * 5_000);
    expect(polls()).toBe(1);
    socket.drop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls()).toBe(2);
    expect(onFinal).not.toHaveBeenCalled();
  });

  it('a subscribed socket that stays silent still ends as timed out after 60 checks', async () => {
    const Socket = stubSocket();
    stubApi(() => status('pending'));
    const { onFinal } = watch();
    await vi.advanceTimersByTimeAsync(0);
    Socket.instances[0]!.emit({ type: 'subscribed', topic });
    await vi.advanceTimersByTimeAsync(SIGN_IN_POLL.firstMs + 58 * SIGN_IN_POLL.everyMs);
    expect(onFinal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SIGN_IN_POLL.everyMs);
    expect(onFinal).toHaveBeenCalledWith('timed_out');
  });

  it('the catch-up read after subscribing finds a status published before the subscription', async () => {
    const Socket = stubSocket();
    stubApi(() => status('cancelled'));
    const { onFinal } = watch();
    await vi.advanceTimersByTimeAsync(0);
    Socket.instances[0]!.emit({ type: 'subscribed', topic });
    await vi.advanceTimersByTimeAsync(0);
    expect(onFinal).toHaveBeenCalledWith('cancelled');
  });

  it('gives up as timed out after 60 pending checks', async () => {
    stubSocket();
    const { find } = stubApi(() => status('pending'));
    const { onFinal } = watch();
    await vi.advanceTimersByTimeAsync(SIGN_IN_POLL.firstMs + 58 * SIGN_IN_POLL.everyMs);
    expect(find('GET', `/api/auth/sign-in/${uuid}`)).toHaveLength(59);
    expect(onFinal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SIGN_IN_POLL.everyMs);
    expect(find('GET', `/api/auth/sign-in/${uuid}`)).toHaveLength(60);
    expect(onFinal).toHaveBeenCalledWith('timed_out');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(find('GET', `/api/auth/sign-in/${uuid}`)).toHaveLength(60);
  });

  it('tolerates a failed check, but reports 3 failures in a row', async () => {
    stubSocket();
    let n = 0;
    stubApi(() => {
      n += 1;
      if (n === 2) return status('pending');
      return { status: 503, body: { error: { code: 'unavailable', message: 'Try later' } } };
    });
    const { onError, onFinal } = watch();
    await vi.advanceTimersByTimeAsync(2_000 + 5_000 + 5_000 + 5_000);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onFinal).not.toHaveBeenCalled();
  });

  it('reports an unknown request at once', async () => {
    stubSocket();
    stubApi(() => ({ status: 404, body: { error: { code: 'not_found', message: 'No such request' } } }));
    const { onError } = watch();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('stop() ends socket and polling', async () => {
    const Socket = stubSocket();
    const { find } = stubApi(() => status('signed'));
    const { stop, onFinal } = watch();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(find('GET', `/api/auth/sign-in/${uuid}`)).toHaveLength(0);
    expect(Socket.instances[0]!.readyState).toBe(3);
    expect(onFinal).not.toHaveBeenCalled();
  });
});
