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
