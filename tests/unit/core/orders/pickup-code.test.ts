import { describe, expect, it } from 'vitest';
import { newCondition } from '../../../../functions/core/orders/checkout';
import { preimageCondition } from '../../../../functions/core/orders/escrow-create';
import {
  afterTry,
  newPickupCode,
  newPickupLock,
  pausedUntil,
  pickupCodeHash,
  pickupCodeMatches,
  PICKUP_TRIES,
} from '../../../../functions/core/orders/pickup-code';
import type { PickupLock } from '../../../../functions/core/orders/order';
import {
  formatPickupCode,
  normalizePickupCode,
  pickupCodeFromHash,
  pickupCodeUrl,
} from '../../../../shared/domain/pickup-code';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const FULFILLMENT = 'A0228020' + 'AB'.repeat(32);

describe('pickup code format', () => {
  it('is 8 digits, each drawn uniformly: bytes of 250 and above are drawn again', () => {
    const bytes = [
      [255, 250, 0, 9, 19, 249, 100, 101],
      [7, 33, 251, 252, 253, 254, 255, 255],
    ];
    const code = newPickupCode(() => Uint8Array.from(bytes.shift()!));
    expect(code).toBe('09990173');
  });

  it('uses every digit over many codes', () => {
    let bytes = 0;
    const codes = Array.from({ length: 200 }, () =>
      newPickupCode((n) => Uint8Array.from({ length: n }, () => (bytes = (bytes * 73 + 41) % 256))),
    );
    for (const code of codes) expect(code).toMatch(/^[0-9]{8}$/);
    expect(new Set(codes.join('')).size).toBe(10);
  });

  it('is typed with or without its space or a dash, and nothing else passes', () => {
    expect(normalizePickupCode(' 4815 1623 ')).toBe('48151623');
    expect(normalizePickupCode('4815-1623')).toBe('48151623');
    for (const bad of ['', '4815162', '481516234', '4815l623', '４８１５１６２３']) {
      expect(normalizePickupCode(bad), bad).toBeNull();
    }
    expect(formatPickupCode('48151623')).toBe('4815 1623');
  });

  it("the QR code's URL opens the order with the code in its fragment, which a page reads back", () => {
    const url = pickupCodeUrl('https://shop.example', 'O1', '48151623');
    expect(url).toBe('https://shop.example/purchased/O1#pickup=48151623');
    expect(pickupCodeFromHash(new URL(url).hash)).toBe('48151623');
    expect(pickupCodeFromHash('#pickup=12')).toBeNull();
    expect(pickupCodeFromHash('')).toBeNull();
  });
});

describe('pickup code hash', () => {
  it("is keyed by the order's fulfillment and bound to the order: neither another order nor a key alone matches", () => {
    const hash = pickupCodeHash('48151623', 'O1', FULFILLMENT);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(pickupCodeHash('48151623', 'O2', FULFILLMENT)).not.toBe(hash);
    expect(pickupCodeHash('48151623', 'O1', 'A0228020' + 'CD'.repeat(32))).not.toBe(hash);
  });

  it('matches only the right code', () => {
    const lock = newPickupLock('48151623', 'O1', FULFILLMENT);
    expect(lock).toEqual({ codeHash: pickupCodeHash('48151623', 'O1', FULFILLMENT), tries: 0, pausedUntil: null });
    expect(pickupCodeMatches(lock, '48151623', 'O1', FULFILLMENT)).toBe(true);
    expect(pickupCodeMatches(lock, '48151624', 'O1', FULFILLMENT)).toBe(false);
    expect(pickupCodeMatches(lock, '48151623', 'O2', FULFILLMENT)).toBe(false);
    expect(pickupCodeMatches({ ...lock, codeHash: 'abcd' }, '48151623', 'O1', FULFILLMENT)).toBe(false);
  });
});

describe('pickup tries', () => {
  it('counts tries, and the fifth in a row starts a 15-minute pause and the count again', () => {
    let lock = newPickupLock('48151623', 'O1', FULFILLMENT);
    for (let n = 1; n < PICKUP_TRIES; n++) {
      lock = afterTry(lock, NOW);
      expect(lock).toMatchObject({ tries: n, pausedUntil: null });
      expect(pausedUntil(lock, NOW)).toBeNull();
    }
    lock = afterTry(lock, NOW);
    expect(lock).toMatchObject({ tries: 0, pausedUntil: '2026-11-24T10:15:00.000Z' });
    expect(pausedUntil(lock, new Date('2026-11-24T10:14:59.999Z'))).toBe('2026-11-24T10:15:00.000Z');
    expect(pausedUntil(lock, new Date('2026-11-24T10:15:00.000Z'))).toBeNull();
  });

  it('after a pause, five more tries start the next one', () => {
    const later = new Date('2026-11-24T10:20:00.000Z');
    let lock: PickupLock = { ...newPickupLock('48151623', 'O1', FULFILLMENT), pausedUntil: '2026-11-24T10:15:00.000Z' };
    for (let n = 1; n < PICKUP_TRIES; n++) lock = afterTry(lock, later);
    expect(lock).toMatchObject({ tries: 4, pausedUntil: '2026-11-24T10:15:00.000Z' });
    expect(afterTry(lock, later)).toMatchObject({ tries: 0, pausedUntil: '2026-11-24T10:35:00.000Z' });
  });
});

describe("an order's secrets at checkout", () => {
  const deps = () => {
    let n = 0;
    return {
      // 32 bytes of 7 for the preimage, then digits 1, 2, 3, ... for the code.
      randomBytes: (size: number) => Uint8Array.from({ length: size }, () => (size === 32 ? 7 : n++ % 10)),
      vault: { seal: async (fulfillment: string, orderId: string) => `sealed:${orderId}:${fulfillment.length}` },
    };
  };

  it("a pickup gets a code, and a lock keyed by the escrow's fulfillment that only that code opens", async () => {
    const secret = await newCondition('O1', 'pickup', deps());
    const { condition, fulfillment } = preimageCondition(new Uint8Array(32).fill(7));
    expect(secret).toMatchObject({ condition, sealedFulfillment: 'sealed:O1:72' });
    expect(secret.pickup!.code).toBe('01234567');
    expect(secret.pickup!.lock).toEqual(newPickupLock('01234567', 'O1', fulfillment));
    expect(JSON.stringify(secret.pickup!.lock)).not.toContain('01234567');
  });

  it('a parcel gets none', async () => {
    expect((await newCondition('O1', 'ship', deps())).pickup).toBeNull();
  });
});
