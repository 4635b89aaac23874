import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The one conversation of (listing, buyer) (its seller is the listing's) or, started from a store page, of (seller,
 * buyer): its id is made from them, so finding or making it is one conditional write and two racing Contact Seller
 * clicks can't make two. 26 Crockford base32 characters (130 bits of SHA-256), the shape of the other ids.
 */
export function conversationIdOf(about: { listingId: string } | { sellerId: string }, buyerId: string): string {
  const subject = 'listingId' in about ? `listing:${about.listingId}` : `seller:${about.sellerId}`;
  const digest = createHash('sha256').update(`conversation\n${subject}\nbuyer:${buyerId}`).digest();
  let id = '';
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && id.length < 26) {
      bits -= 5;
      id += CROCKFORD[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
    if (id.length === 26) break;
  }
  return id;
}
