import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

/** Xaman's default lifetime of a payload when `options.expire` is absent (minutes). */
export const DEFAULT_EXPIRE_MINUTES = 1440;

export interface StoredPayload {
  uuid: string;
  txType: string;
  requestJson: Record<string, unknown> | null;
  requestBlob: string | null;
  customMeta: { identifier?: string | null; blob?: Record<string, unknown> | null; instruction?: string | null };
  createdAt: string;
  expiresAt: string;
  opened: boolean;
  state: 'pending' | 'signed' | 'rejected' | 'cancelled';
  response: { hex: string; txid: string; account: string; signerPubkey: string; resolvedAt: string } | null;
  resolvedAt: string | null;
}

export type PayloadEvent =
  | { kind: 'opened'; uuid: string }
  | { kind: 'resolved'; uuid: string; signed: boolean; txid: string | null }
  | { kind: 'expired'; uuid: string };

export type CancelReason = 'OK' | 'ALREADY_CANCELLED' | 'ALREADY_RESOLVED' | 'ALREADY_OPENED' | 'ALREADY_EXPIRED';

/**
 * The stand-in's payloads, kept in memory and written to one JSON file (temp file + rename) on every change, so a
 * restart keeps them. Events feed the status sockets.
 */
export class PayloadStore extends EventEmitter<{ event: [PayloadEvent] }> {
  private readonly payloads = new Map<string, StoredPayload>();
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
    requestJson: Record<string, unknown> | null;
    requestBlob: string | null;
    customMeta: StoredPayload['customMeta'];
    expireMinutes: number;
  }): StoredPayload {
    const created = this.now();
    const payload: StoredPayload = {
      uuid: randomUUID(),
      txType: input.txType,
      requestJson: input.requestJson,
      requestBlob: input.requestBlob,
      customMeta: input.customMeta,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + input.expireMinutes * 60_000).toISOString(),
      opened: false,
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

  isExpired(p: StoredPayload): boolean {
    return p.state === 'pending' && this.now().getTime() >= Date.parse(p.expiresAt);
  }

  expiresInSeconds(p: StoredPayload): number {
    return Math.max(0, Math.floor((Date.parse(p.expiresAt) - this.now().getTime()) / 1000));
  }

  markOpened(uuid: string): void {
    const p = this.payloads.get(uuid);
    if (!p || p.opened || p.state !== 'pending' || this.isExpired(p)) return;
    p.opened = true;
    this.save();
    this.emit('event', { kind: 'opened', uuid });
  }

  /** Xaman lets a requester cancel a payload nobody has opened or resolved yet. */
  cancel(uuid: string): { cancelled: boolean; reason: CancelReason } | undefined {
    const p = this.payloads.get(uuid);
    if (!p) return undefined;
    if (p.state === 'cancelled') return { cancelled: false, reason: 'ALREADY_CANCELLED' };
    if (p.state !== 'pending') return { cancelled: false, reason: 'ALREADY_RESOLVED' };
    if (this.isExpired(p)) return { cancelled: false, reason: 'ALREADY_EXPIRED' };
    if (p.opened) return { cancelled: false, reason: 'ALREADY_OPENED' };
    p.state = 'cancelled';
    p.resolvedAt = this.now().toISOString();
    this.save();
    this.emit('event', { kind: 'resolved', uuid, signed: false, txid: null });
    return { cancelled: true, reason: 'OK' };
  }

  /** Emits `expired` once for each pending payload past its time (called by the service's timer). */
  sweepExpired(): void {
    for (const p of this.payloads.values()) {
      if (this.isExpired(p) && !this.expiredAnnounced.has(p.uuid)) {
        this.expiredAnnounced.add(p.uuid);
        this.emit('event', { kind: 'expired', uuid: p.uuid });
      }
    }
  }

  private readonly expiredAnnounced = new Set<string>();

  private save(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify([...this.payloads.values()]));
    fs.renameSync(tmp, this.file);
  }
}
