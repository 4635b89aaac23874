import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import type { FulfillmentVault } from '../core/orders/fulfillment-vault';
import { escrowConfig } from '../lib/config';

const AES = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Locally: AES-256-GCM under the data dir's key, the order id as associated data, so a sealed value moved to another
 * order fails to open. `aes.<base64 iv | tag | ciphertext>`.
 */
export function localVault(key: Buffer): FulfillmentVault {
  if (key.length !== 32) throw new Error('The fulfillment key must be 32 bytes');
  return {
    async seal(fulfillment, orderId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(AES, key, iv).setAAD(Buffer.from(orderId, 'utf8'));
      const sealed = Buffer.concat([cipher.update(fulfillment, 'utf8'), cipher.final()]);
      return `aes.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
    },
    async open(sealed, orderId) {
      if (!sealed.startsWith('aes.')) throw new Error('Not a locally sealed fulfillment');
      const bytes = Buffer.from(sealed.slice(4), 'base64');
      const decipher = createDecipheriv(AES, key, bytes.subarray(0, IV_BYTES))
        .setAAD(Buffer.from(orderId, 'utf8'))
        .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** In AWS: KMS encrypts with the order id as encryption context (checked again on decrypt). `kms.<base64 blob>`. */
export function kmsVault(
  keyArn: string,
  client = new KMSClient({ region: keyArn.split(':')[3] || undefined }),
): FulfillmentVault {
  const context = (orderId: string) => ({ orderId });
  return {
    async seal(fulfillment, orderId) {
      const out = await client.send(
        new EncryptCommand({
          KeyId: keyArn,
          Plaintext: Buffer.from(fulfillment, 'utf8'),
          EncryptionContext: context(orderId),
        }),
      );
      if (!out.CiphertextBlob) throw new Error('KMS returned no ciphertext');
      return `kms.${Buffer.from(out.CiphertextBlob).toString('base64')}`;
    },
    async open(sealed, orderId) {
      if (!sealed.startsWith('kms.')) throw new Error('Not a KMS-sealed fulfillment');
      const out = await client.send(
        new DecryptCommand({
          KeyId: keyArn,
          CiphertextBlob: Buffer.from(sealed.slice(4), 'base64'),
          EncryptionContext: context(orderId),
        }),
      );
      if (!out.Plaintext) throw new Error('KMS returned no plaintext');
      return Buffer.from(out.Plaintext).toString('utf8');
    },
  };
}

let vault: FulfillmentVault | undefined;

/** The vault the settings name: KMS when FULFILLMENT_KEY_ARN is set, else the local key. */
export function fulfillmentVault(): FulfillmentVault {
  if (vault) return vault;
  const c = escrowConfig();
  vault = c.FULFILLMENT_KEY_ARN
    ? kmsVault(c.FULFILLMENT_KEY_ARN)
    : localVault(Buffer.from(c.FULFILLMENT_KEY!, 'base64'));
  return vault;
}

/** Tests and the local runtime: forget the vault after the settings change. */
export function resetFulfillmentVault(): void {
  vault = undefined;
}
