import { randomBytes } from 'node:crypto';
import type { SignInRequest } from '../../../shared/api/auth';
import { openSigningRequest, type OpenSigningDeps } from '../signing/open-signing-request';
import type { RateLimitStore } from './ports';
import { enforceRateLimit } from './rate-limit';
import { SITE_NAME } from '../../../shared/domain/sign-in-code';
import { hashSecret, newSignInCode, SIGN_IN_EXPIRE_MINUTES, signInInstruction } from './sign-in';

export interface StartSignInDeps extends OpenSigningDeps {
  rateLimits: RateLimitStore;
}

/**
 * A wallet sign-in request for the browser at `sourceIp` (rate limited per address). The browser gets a secret only it
 * holds (its hash is stored) to complete the request with once it is signed, and the short code the wallet shows with
 * the site's name (decision 078).
 */
export async function startSignIn(sourceIp: string, deps: StartSignInDeps): Promise<SignInRequest> {
  const at = deps.clock.now();
  await enforceRateLimit(deps.rateLimits, 'startSignIn', sourceIp, at);
  const clientSecret = randomBytes(32).toString('base64url');
  const code = newSignInCode();
  const opened = await openSigningRequest(
    {
      purpose: 'sign-in',
      subjectId: null,
      txjson: { TransactionType: 'SignIn' },
      expireMinutes: SIGN_IN_EXPIRE_MINUTES,
      instruction: signInInstruction(code),
      meta: { site: SITE_NAME, signInCode: code },
      clientSecretHash: hashSecret(clientSecret),
      at,
    },
    deps,
  );
  return {
    uuid: opened.uuid,
    qrPngUrl: opened.qrPngUrl,
    deepLink: opened.signUrl,
    expiresAt: opened.expiresAt,
    clientSecret,
    topic: opened.topic,
    code,
  };
}
