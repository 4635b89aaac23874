import { TABLE_KEY, TTL_ATTRIBUTE } from '../adapters/db/table';
import { idempotentRequests as idempotentRequestsOn } from '../lib/idempotency';

/**
 * The stored-answer runner of an idempotent route, on the one table (functions/lib/idempotency.ts). Apart from
 * ./http so that only idempotent routes bundle the Powertools Idempotency package.
 */
export const idempotentRequests = (routeName: string) =>
  idempotentRequestsOn(routeName, { ...TABLE_KEY, ttlAttribute: TTL_ATTRIBUTE });
