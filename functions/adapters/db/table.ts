/**
 * The single table's shape, written once: the CDK data stack and the local bootstrap both build the table from it, and
 * the ElectroDB entities name these indexes. Each global secondary index is named for the access pattern it serves.
 */
export const TABLE_KEY = { partitionKey: 'pk', sortKey: 'sk' } as const;

export const TABLE_INDEXES = {
  /** Active listings newest first; sparse on other entities (a seller's orders, a conversation's offers). */
  byStatusTime: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Listings of one category newest first (a listing's offers by status; open disputes by end, decision 068). */
  byCategoryTime: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  /** Listings by display price (drifted orders, sparse, decision 065). */
  byStatusPrice: { partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  /** Listings of one category by display price. */
  byCategoryPrice: { partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  /** Auctions by end time (ending soon, auction close job); orders by deadline, pending offers by expiry. */
  byEndTime: { partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
  /** Things owned by one user newest first (a seller's listings, orders, bids, a buyer's offers). */
  byOwnerTime: { partitionKey: 'gsi6pk', sortKey: 'gsi6sk' },
  /** Featured active listings newest first (sparse); funded orders by escrow monitor bucket (sparse, decision 065). */
  byFeaturedTime: { partitionKey: 'gsi7pk', sortKey: 'gsi7sk' },
  /** Listings of one subcategory newest first (sparse: listings without a subcategory stay out). */
  bySubcategoryTime: { partitionKey: 'gsi8pk', sortKey: 'gsi8sk' },
  /** Listings of one subcategory by display price (sparse). */
  bySubcategoryPrice: { partitionKey: 'gsi9pk', sortKey: 'gsi9sk' },
} as const;

export type TableIndexName = keyof typeof TABLE_INDEXES;

/** Epoch-seconds attribute DynamoDB's TTL removes items by (socket connections, expired tickets). */
export const TTL_ATTRIBUTE = 'ttl';

/** CreateTable input for DynamoDB (used by the local bootstrap; CDK maps the same constants). */
export function createTableInput(tableName: string) {
  const keyAttrs = [TABLE_KEY, ...Object.values(TABLE_INDEXES)].flatMap((k) => [k.partitionKey, k.sortKey]);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyAttrs.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_KEY.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEY.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: Object.entries(TABLE_INDEXES).map(([name, k]) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: k.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: k.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
