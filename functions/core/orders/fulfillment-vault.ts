/**
 * Keeps escrow fulfillments secret: sealed (encrypted, bound to their order) when the order is made, opened only to
 * finish the escrow. KMS in AWS, a key file under the data dir locally (functions/adapters/fulfillment-vault.ts).
 */
export interface FulfillmentVault {
  seal(fulfillment: string, orderId: string): Promise<string>;
  /** Throws when the sealed value was not made for this order or was changed. */
  open(sealed: string, orderId: string): Promise<string>;
}
