import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { facetQuery } from '../../functions/adapters/db/browse-facet-page';
import { serviceFor } from '../../functions/adapters/db/service';
import { facetShape, listingFacets, type FacetSource } from '../../functions/core/listings/browse-facets';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_TABLE_NAME } from '../../infra/local/env';
import { adminRoleStore } from '../../functions/adapters/db/admin-role-store';

let table: ReturnType<typeof build> | undefined;

function build() {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: LOCAL_REGION, endpoint: inject('dynamoEndpoint'), credentials: LOCAL_CREDENTIALS }),
  );
  return serviceFor(client, LOCAL_TABLE_NAME);
}

/** The app's service over the stack's table, for tests that read what requests left there. */
export function tableService() {
  table ??= build();
  return table;
}

/**
 * Makes a user an administrator the only way there is: the role stored on the user record, which `admin` routes read
 * from the table on every request (functions/lib/session-auth.ts). Nothing a browser sends can grant it.
 */
export async function makeAdmin(userId: string): Promise<void> {
  table ??= build();
  // With the roster beside the role, as a grant writes them (decision 062).
  await adminRoleStore(table).grant(userId, new Date());
}

/** The browse facets (of those a listing like `l` belongs to) that hold an entry for `listingId`, read from the table. */
export async function facetsHolding(listingId: string, l: FacetSource): Promise<string[]> {
  table ??= build();
  const held: string[] = [];
  for (const facet of listingFacets(l)) {
    // Newest first, or by end for the scope-alone facet (its only order).
    const order = facetShape(facet) === 'scope' ? 'ending-soon' : 'newest';
    const read = facetQuery(table, { order, featuredOnly: false, limit: 100 }, facet)!;
    const { data } = await read.where((a, op) => op.eq(a.listingId, listingId)).go({ pages: 'all' });
    if (data.length > 0) held.push(facet);
  }
  return held;
}
