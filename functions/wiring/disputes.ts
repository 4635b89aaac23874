import { ulid } from 'ulid';
import type { DisputeDeps } from '../core/disputes/ports';
import { presignUpload } from '../adapters/media-uploads';
import type { PhotoStore } from '../core/listings/photos';
import { photoStore } from '../adapters/photo-store';
import { clock } from '../adapters/clock';
import { orderDisputeStore } from '../adapters/db/order-dispute-store';
import { db } from '../adapters/db/service';
import { orderEvents } from '../adapters/order-events';
import type { Logger } from '../lib/logger';
import type { GetOrderDeps } from '../core/orders/get-order';
import { orderStore } from '../adapters/db/order-store';
import type { AuditLog } from '../core/admin/audit';
import { auditLog } from './audit';
import { orderViewContext, protectionSettings, settlementDeps } from './orders';

type Log = Pick<Logger, 'warn' | 'error'>;

/** Opening, withdrawing and a seller's refund write the order only: no ledger (decision 053). */
function disputeWrites(): Pick<DisputeDeps, 'disputes' | 'disputeEvents' | 'protection' | 'clock'> {
  return { disputes: orderDisputeStore(db()), disputeEvents: orderEvents, protection: protectionSettings(), clock };
}

/** Opening also takes the report's photos from the buyer's uploads (re-encoded, decision 053). */
export function openDisputeDeps(): ReturnType<typeof disputeWrites> & { photos: PhotoStore } {
  return { ...disputeWrites(), photos: photoStore };
}
export const withdrawDisputeDeps = disputeWrites;

export const refundDisputeDeps = disputeWrites;

/** An administrator's release settles on the ledger at once, as a pickup approval does; audited (decision 068). */
export async function resolveDisputeDeps(log: Log): Promise<DisputeDeps & { audit: AuditLog }> {
  return { ...(await settlementDeps(log)), ...disputeWrites(), audit: auditLog() };
}

/** The order as its party reads it after a dispute's change (the answer of the buyer's and seller's routes). */
export function disputedOrderDeps(): GetOrderDeps {
  return { orders: orderStore(db()), links: orderViewContext() };
}

export function startDisputePhotoUploadDeps() {
  return { presign: presignUpload, newId: ulid };
}

/** The seller's answer takes its photos like the buyer's report. */
export const respondToDisputeDeps = openDisputeDeps;
