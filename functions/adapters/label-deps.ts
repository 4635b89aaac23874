import { randomBytes } from 'node:crypto';
import type { LabelDeps, LabelFiles } from '../core/orders/platform-label';
import type { Logger } from '../lib/logger';
import { carrier } from './carrier/fedex-carrier';
import { clock } from './clock';
import { orderLabelStore } from './db/order-label-store';
import { profileStore } from './db/profile-store';
import { saleListings } from './db/sale-listings';
import { db } from './db/service';
import { readObject, writeObject } from './media-store';

// Never served by a listed name: the key holds 128 random bits and only the seller's label route reads it.
const files: LabelFiles = {
  put: (key, pdf) => writeObject(key, pdf, 'application/pdf', 'private, no-store'),
  get: readObject,
};

export function labelDeps(log: Pick<Logger, 'warn' | 'error'>): LabelDeps {
  return {
    orders: orderLabelStore(db()),
    // Made on first use: only the routes and consumer that buy labels have the carrier's settings.
    carrier: {
      quoteRates: (r) => carrier().quoteRates(r),
      createShipment: (r) => carrier().createShipment(r),
      cancelShipment: (n) => carrier().cancelShipment(n),
    },
    profiles: profileStore(db()),
    listings: saleListings(db()),
    files,
    newKey: () => randomBytes(16).toString('hex'),
    now: () => clock.now(),
    log,
  };
}
