import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

/** Xaman's lifetime of a payload when `options.expire` is absent (minutes). */
export const DEFAULT_EXPIRE_MINUTES = 1440;

export interface SignedResponse {
  hex: string;
  txid: string;
  account: string;
  signerPubkey: string;
}

export interface StoredPayload {
  uuid: string;
  txType: string;
  requestJson: Record<string, unknown>;
  requestBlob: string | null;
  customMeta: { identifier?: string | null; blob?: Record<string, unknown> | null; instruction?: string | null };
  returnUrl: { app: string | null; web: string | null };
  createdAt: string;
  expiresAt: string;
  openedAt: string | null;
  state: 'pending' | 'signed' | 'rejected' | 'cancelled';
  response: SignedResponse | null;
  resolvedAt: string | null;
}

/** The return URLs with Xaman's placeholders filled: {id} payload uuid, {cid} custom identifier, {txid}, {txblob}. */
export function returnUrls(p: StoredPayload): { app: string | null; web: string | null } {
  const fill = (url: string | null) =>
    url
      ?.replaceAll('{id}', p.uuid)
      .replaceAll('{cid}', encodeURIComponent(p.customMeta.identifier ?? ''))
      .replaceAll('{txid}', p.response?.txid ?? '')
      .replaceAll('{txblob}', p.response?.hex ?? '') ?? null;
  return { app: fill(p.returnUrl.app), web: fill(p.returnUrl.web) };
}

export type PayloadEvent =
  | { kind: 'opened'; uuid: string }
  | { kind: 'resolved'; uuid: string }
  | { kind: 'expired'; uuid: string }
  | { kind: 'fetched'; uuid: string };

export type CancelReason = 'OK' | 'ALREADY_CANCELLED' | 'ALREADY_RESOLVED' | 'ALREADY_OPENED' | 'ALREADY_EXPIRED';

/**
 * The stand-in's payloads, kept in memory and written to one JSON file (temp file + rename) on every change, so a
 * restart keeps them. Events feed the status sockets.
 *
 * Expiry follows Xaman: it is an "open before" deadline. A payload opened in time can still be signed or rejected
 * after it; one nobody opened in time can no longer be.
 */
export class PayloadStore extends EventEmitter<{ event: [PayloadEvent] }> {
  private readonly payloads = new Map<string, StoredPayload>();
  private readonly expiredAnnounced = new Set<string>();
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
    fs.mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'payloads.json');
    if (fs.existsSync(this.file)) {
      for (const p of JSON.parse(fs.readFileSync(this.file, 'utf8')) as StoredPayload[]) this.payloads.set(p.uuid, p);
    }
  }

  create(input: {
    txType: string;
    requestJson: Record<string, unknown>;
    requestBlob: string | null;
    customMeta: StoredPayload['customMeta'];
    returnUrl: StoredPayload['returnUrl'];
    expireMinutes: number;
  }): StoredPayload {
    const created = this.now();
    const payload: StoredPayload = {
      uuid: randomUUID(),
      txType: input.txType,
      requestJson: input.requestJson,
      requestBlob: input.requestBlob,
      customMeta: input.customMeta,
      returnUrl: input.returnUrl,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + input.expireMinutes * 60_000).toISOString(),
      openedAt: null,
      state: 'pending',
      response: null,
      resolvedAt: null,
    };
    this.payloads.set(payload.uuid, payload);
    this.save();
    return payload;
  }

  get(uuid: string): StoredPayload | undefined {
    return this.payloads.get(uuid);
  }

  /** Past its deadline (cancelling also marks a payload expired, as Xaman does). */
  isExpired(p: StoredPayload): boolean {
    return p.state === 'cancelled' || this.now().getTime() >= Date.parse(p.expiresAt);
  }

  /** Negative once the deadline has passed, as Xaman reports it. */
  expiresInSeconds(p: StoredPayload): number {
    return Math.floor((Date.parse(p.expiresAt) - this.now().getTime()) / 1000);
  }

  /** Whether the person on the sign page may still sign or reject it. */
  canResolve(p: StoredPayload): boolean {
    return p.state === 'pending' && (p.openedAt !== null || !this.isExpired(p));
  }

  markOpened(uuid: string): void {
    const p = this.payloads.get(uuid);
    if (!p || p.openedAt !== null || !this.canResolve(p)) return;
    p.openedAt = this.now().toISOString();
    this.save();
    this.emit('event', { kind: 'opened', uuid });
  }

  /** The requester read the payload through the API (Xaman tells the status socket `devapp_fetched`). */
  markFetched(uuid: string): void {
    this.emit('event', { kind: 'fetched', uuid });
  }

  signed(uuid: string, response: SignedResponse): StoredPayload {
    return this.resolve(uuid, 'signed', response);
  }

  rejected(uuid: string): StoredPayload {
    return this.resolve(uuid, 'rejected', null);
  }

  /** Xaman lets a requester cancel a payload nobody has opened or resolved yet; it then counts as expired. */
  cancel(uuid: string): { cancelled: boolean; reason: CancelReason } | undefined {
    const p = this.payloads.get(uuid);
    if (!p) return undefined;
    if (p.state === 'cancelled') return { cancelled: false, reason: 'ALREADY_CANCELLED' };
    if (p.state !== 'pending') return { cancelled: false, reason: 'ALREADY_RESOLVED' };
    if (p.openedAt !== null) return { cancelled: false, reason: 'ALREADY_OPENED' };
    if (this.isExpired(p)) return { cancelled: false, reason: 'ALREADY_EXPIRED' };
    p.state = 'cancelled';
    this.save();
    this.announceExpired(p.uuid);
    return { cancelled: true, reason: 'OK' };
  }

  /** Announces `expired` once for each payload whose deadline passed unopened (called by the service's timer). */
  sweepExpired(): void {
    for (const p of this.payloads.values()) {
      if (p.state === 'pending' && p.openedAt === null && this.isExpired(p)) this.announceExpired(p.uuid);
    }
  }

  private announceExpired(uuid: string): void {
    if (this.expiredAnnounced.has(uuid)) return;
    this.expiredAnnounced.add(uuid);
    this.emit('event', { kind: 'expired', uuid });
  }

  private resolve(uuid: string, state: 'signed' | 'rejected', response: SignedResponse | null): StoredPayload {
    const p = this.payloads.get(uuid);
    if (!p) throw new Error(`No payload ${uuid}`);
    if (!this.canResolve(p)) throw new Error(`Payload ${uuid} can no longer be resolved`);
    p.state = state;
    p.response = response;
    p.resolvedAt = this.now().toISOString();
    this.save();
    this.emit('event', { kind: 'resolved', uuid });
    return p;
  }

  private save(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify([...this.payloads.values()]));
    fs.renameSync(tmp, this.file);
  }
}
