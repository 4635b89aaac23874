import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The first `length` Crockford base32 characters of a SHA-256 digest of `text`. */
export function crockfordDigest(text: string, length: number): string {
  const digest = createHash('sha256').update(text).digest();
  let id = '';
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && id.length < length) {
      bits -= 5;
      id += CROCKFORD[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
    if (id.length === length) break;
  }
  return id;
}

/**
 * The one conversation of (listing, buyer) (its seller is the listing's) or, started from a store page, of (seller,
 * buyer): its id is made from them, so finding or making it is one conditional write and two racing Contact Seller
 * clicks can't make two. 26 Crockford base32 characters (130 bits of SHA-256), the shape of the other ids.
 */
export function conversationIdOf(about: { listingId: string } | { sellerId: string }, buyerId: string): string {
  const subject = 'listingId' in about ? `listing:${about.listingId}` : `seller:${about.sellerId}`;
  return crockfordDigest(`conversation\n${subject}\nbuyer:${buyerId}`, 26);
}

/**
 * A message id of the ULID shape for a note made once per `key` (decision 053): its time part sorts it at `at`, its
 * rest comes from the key, so a note requested twice is the same message and is written once.
 */
export function noteMessageId(key: string, at: Date): string {
  let time = '';
  for (let ms = at.getTime(), i = 0; i < 10; i++, ms = Math.floor(ms / 32)) time = CROCKFORD[ms % 32] + time;
  return time + crockfordDigest(`note\n${key}`, 16);
}
