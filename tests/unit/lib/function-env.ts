import { vi } from 'vitest';
import { resetAwsClients } from '../../../functions/lib/aws-clients';
import { resetConfigForTests } from '../../../functions/lib/config';

/** The variables a function's config requires, stubbed (with `overrides`), and config and SDK clients built afresh. */
export function stubFunctionEnv(overrides: Record<string, string> = {}): void {
  const env = {
    TABLE_NAME: 'marketplace',
    MEDIA_BUCKET: 'b',
    MEDIA_BASE_URL: 'http://x/media',
    QUEUE_EVENTS_URL: 'http://q',
    WS_CALLBACK_URL: 'http://w',
    ...overrides,
  };
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  resetConfigForTests();
  resetAwsClients();
}

/** Undoes stubFunctionEnv: the real environment, and config and clients built from it on next use. */
export function restoreFunctionEnv(): void {
  vi.unstubAllEnvs();
  resetConfigForTests();
  resetAwsClients();
}

/**
 * Puts process.env back to `saved`, in place: a test that assigns a new object to process.env leaves vi.stubEnv's
 * bookkeeping on the old one, and a later unstubAllEnvs then leaves stubs behind for the files after it.
 */
export function restoreEnv(saved: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
}
