import type { BodyOf } from '../../../../shared/api/contract';
import * as tools from '../../../../shared/api/admin-tools';
import { apiSend, newIdempotencyKey } from '../../lib/api';

/** One carrier test (decision 066); each click its own Idempotency-Key, so a lost answer retried is the same run. */
export function runCarrierTool(token: string, body: BodyOf<typeof tools.runCarrierTool>) {
  return apiSend(tools.runCarrierTool, { token, body, idempotencyKey: newIdempotencyKey() });
}

/** One escrow test (decision 070): a lost answer retried with the same key is the same test, never a second one. */
export function runEscrowTest(token: string) {
  return apiSend(tools.runEscrowTest, { token, body: {}, idempotencyKey: newIdempotencyKey() });
}
