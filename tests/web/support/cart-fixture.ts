import type { Cart, CartLine } from '../../../shared/api/cart';
import type { Order } from '../../../shared/api/orders';
import type { Profile } from '../../../shared/api/profile';

/** A priced server cart line ($25.00, calculated shipping) with overrides. */
export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  const line: CartLine = {
    listingId: 'DESK1',
    title: 'Oak Desk',
    imageUrl: null,
    listingType: 'fixed',
    sellerId: 'S1',
    sellerName: 'alice',
    sellerLocation: { city: 'Austin', state: 'TX', zipCode: '78701' },
    isLocalPickup: false,
    shippingType: 'calculated',
    shippingCostCents: 0,
    unitPriceCents: 2500,
    quantity: 1,
    available: 5,
    lineTotalCents: 2500,
    status: 'ok',
    addedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  return overrides.lineTotalCents === undefined
    ? {
        ...line,
        lineTotalCents:
          line.status === 'unavailable' ? 0 : ((line.unitPriceCents ?? 0) + line.shippingCostCents) * line.quantity,
      }
    : line;
}

/** The server's cart of these lines, with its totals as the server counts them. */
export function serverCart(items: CartLine[]): Cart {
  const counted = items.filter((l) => l.status !== 'unavailable');
  const itemsCents = counted.reduce((s, l) => s + (l.unitPriceCents ?? 0) * l.quantity, 0);
  const shippingCents = counted.reduce((s, l) => s + l.shippingCostCents * l.quantity, 0);
  return {
    items,
    count: items.reduce((s, l) => s + l.quantity, 0),
    itemsCents,
    shippingCents,
    totalCents: itemsCents + shippingCents,
  };
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    fullName: 'Alice Buyer',
    email: 'alice@example.com',
    phone: '+1 555 0100',
    address: { country: 'US', street: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' },
    returnAddress: null,
    useDifferentReturnAddress: false,
    isSeller: false,
    avatarUrl: null,
    profileComplete: true,
    ...overrides,
  };
}

let orderSeq = 0;

/** An order of the buyer alice_1 (01JUSER) from seller bob, awaiting signature, with overrides. */
export function order(overrides: Partial<Order> = {}): Order {
  orderSeq += 1;
  return {
    id: `O${orderSeq}`,
    checkoutId: 'C1',
    status: 'awaiting_signature',
    escrowStatus: null,
    role: 'buyer',
    buyer: { id: '01JUSER', username: 'alice_1' },
    seller: { id: 'S2', username: 'bob' },
    lines: [
      { listingId: 'DESK1', title: 'Oak Desk', imageUrl: null, quantity: 1, unitPriceCents: 2500, shippingCents: 0 },
    ],
    itemsCents: 2500,
    shippingCents: 0,
    totalCents: 2500,
    currency: 'RLUSD',
    isLocalPickup: false,
    shippingService: null,
    shippingStatus: 'pending',
    shipment: { trackingNumber: null, shippedAt: null, deliveredAt: null, estimatedDeliveryAt: null, proof: null },
    label: null,
    platformFee: null,
    shipTo: null,
    escrow: {
      cancelAfter: '2026-01-08T00:00:00.000Z',
      settlementTxHash: null,
      txHash: null,
      explorerUrl: null,
      sequence: null,
      ledgerIndex: null,
    },
    releaseDueAt: null,
    shipBy: null,
    dispute: null,
    auction: null,
    signing: null,
    cancelReason: null,
    releaseReason: null,
    refundReason: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    fundedAt: null,
    cancelledAt: null,
    completedAt: null,
    refundedAt: null,
    ...overrides,
  };
}

/** What a funded order looks like once its EscrowCreate is validated. */
export function funded(o: Order): Order {
  return {
    ...o,
    status: 'funded',
    escrowStatus: 'pending',
    escrow: {
      ...o.escrow,
      txHash: 'AB'.repeat(32),
      explorerUrl: `http://explorer.test/transactions/${'AB'.repeat(32)}`,
      sequence: 7,
      ledgerIndex: 100,
    },
    fundedAt: '2026-01-01T00:05:00.000Z',
  };
}
