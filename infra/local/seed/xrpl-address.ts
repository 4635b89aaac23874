import { createHash } from 'node:crypto';

/**
 * XRPL classic addresses: base58check over the Ripple alphabet of a 0x00 version byte and a 20-byte account id, with a
 * checksum of the first 4 bytes of double SHA-256. Enough to give demo sellers addresses every XRPL tool accepts.
 */
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const ACCOUNT_ID_VERSION = 0x00;
const ACCOUNT_ID_BYTES = 20;

function checksum(payload: Uint8Array): Buffer {
  const once = createHash('sha256').update(payload).digest();
  return createHash('sha256').update(once).digest().subarray(0, 4);
}

function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = RIPPLE_ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  // Each leading zero byte is written as the alphabet's first character ('r').
  for (const b of bytes) {
    if (b !== 0) break;
    out = RIPPLE_ALPHABET[0] + out;
  }
  return out;
}

function base58Decode(text: string): Buffer {
  let value = 0n;
  for (const ch of text) {
    const digit = RIPPLE_ALPHABET.indexOf(ch);
    if (digit < 0) throw new Error(`Not a base58 (Ripple) character: ${ch}`);
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (value > 0n) {
    body.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  let zeros = 0;
  while (text[zeros] === RIPPLE_ALPHABET[0]) zeros++;
  return Buffer.from([...new Array<number>(zeros).fill(0), ...body]);
}

/** 20-byte account id -> classic address ('r...'). */
export function encodeAccountId(accountId: Uint8Array): string {
  if (accountId.length !== ACCOUNT_ID_BYTES) throw new RangeError(`An account id is ${ACCOUNT_ID_BYTES} bytes`);
  const payload = Buffer.concat([Buffer.from([ACCOUNT_ID_VERSION]), accountId]);
  return base58Encode(Buffer.concat([payload, checksum(payload)]));
}

/** Classic address -> 20-byte account id; throws when the alphabet, version, length or checksum is wrong. */
export function decodeAddress(address: string): Buffer {
  const raw = base58Decode(address);
  if (raw.length !== 1 + ACCOUNT_ID_BYTES + 4) throw new Error(`Wrong decoded length ${raw.length} for ${address}`);
  if (raw[0] !== ACCOUNT_ID_VERSION) throw new Error(`Wrong version byte for ${address}`);
  const payload = raw.subarray(0, 1 + ACCOUNT_ID_BYTES);
  if (!checksum(payload).equals(raw.subarray(1 + ACCOUNT_ID_BYTES))) throw new Error(`Bad checksum in ${address}`);
  return Buffer.from(payload.subarray(1));
}

export function isValidClassicAddress(address: string): boolean {
  try {
    decodeAddress(address);
    return true;
  } catch {
    return false;
  }
}
