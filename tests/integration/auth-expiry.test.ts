import { describe, expect, inject, it } from 'vitest';
import { complete, startSignIn, statusOf, waitForStatus } from './auth-support';

const FROM = '127.0.7.1';

/** Moves the shared stack's Xaman stand-in clock ahead (its test control; the files of this project run one by one). */
async function advanceXamanClock(seconds: number): Promise<void> {
  const res = await fetch(`${inject('xamanUrl')}/_test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: seconds }),
  });
  expect(res.status).toBe(200);
}

describe('an expired sign-in request, through the local gateway', () => {
  it('reads expired once the 5 minutes have passed at Xaman, and cannot be completed', async () => {
    const started = await startSignIn(FROM);
    expect(await statusOf(started.uuid, FROM)).toBe('pending');
    await advanceXamanClock(5 * 60 + 1);
    // The queue's next check (or a status read of a request not checked for 5 s) finds it expired.
    expect(await waitForStatus(started.uuid, FROM, 20_000)).toBe('expired');
    const res = await complete(started.uuid, started.clientSecret, FROM);
    expect(res.status).toBe(409);
  });
});
