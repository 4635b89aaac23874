import { describe, expect, it } from 'vitest';
import { SIGNING_SCHEDULE } from '../../../functions/core/signing/poll-signing';
import { SIGN_IN_POLL } from '../../../shared/domain/sign-in-poll';
import { signingCheckMessage } from '../../../shared/events';

describe('the sign-in poll schedule (spec part 1 calls and business constants)', () => {
  it('is 2 s, then every 5 s, at most 60 checks', () => {
    expect(SIGN_IN_POLL).toEqual({ firstMs: 2_000, everyMs: 5_000, maxChecks: 60 });
  });

  it("is the one the server's signing queue follows, so the browser and the server give up together", () => {
    expect(SIGNING_SCHEDULE.firstCheckDelaySeconds * 1000).toBe(SIGN_IN_POLL.firstMs);
    expect(SIGNING_SCHEDULE.intervalSeconds * 1000).toBe(SIGN_IN_POLL.everyMs);
    expect(SIGNING_SCHEDULE.maxChecks).toBe(SIGN_IN_POLL.maxChecks);
  });

  it('bounds the signing queue message to that many checks', () => {
    const check = { uuid: '0b6c8a3e-5d2f-4a1b-9c3d-2e1f0a9b8c7d', purpose: 'sign-in' };
    expect(signingCheckMessage.safeParse({ ...check, attempt: SIGN_IN_POLL.maxChecks }).success).toBe(true);
    expect(signingCheckMessage.safeParse({ ...check, attempt: SIGN_IN_POLL.maxChecks + 1 }).success).toBe(false);
    expect(signingCheckMessage.safeParse({ ...check, attempt: 0 }).success).toBe(false);
  });
});
