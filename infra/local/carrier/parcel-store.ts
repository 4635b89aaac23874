import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SCANS, type Move, type ScanKind } from './scan-events';
import type { ZipPlace } from './zip-places';

export interface PartyRecord {
  name: string;
  phone: string;
  streetLines: string[];
  place: ZipPlace;
  residential: boolean;
}

export interface ScanRecord {
  kind: ScanKind;
  /** ISO-8601 UTC; strictly after the scan before it. */
  at: string;
  place: ZipPlace;
}

export interface ParcelRecord {
  trackingNumber: string;
  serviceType: string;
  serviceName: string;
  carrierCode: 'FDXG' | 'FDXE';
  shipDate: string;
  estimatedDelivery: string;
  weightLb: number;
  reference: string | null;
  chargeCents: number;
  shipper: PartyRecord;
  recipient: PartyRecord;
  createdAt: string;
  /** Sent back to the shipper: later scans happen on the way to the shipper, a delivery delivers there. */
  returning: boolean;
  /** Newest first, as FedEx lists them. */
  scans: ScanRecord[];
}

export type NewParcel = Omit<ParcelRecord, 'trackingNumber' | 'createdAt' | 'returning' | 'scans'>;

export type MoveOutcome = { ok: true; parcel: ParcelRecord } | { ok: false; reason: 'not_found' | 'final' };

const MAX_PARCELS = 5_000;

/** Delivered and cancelled parcels take no more scans. */
export const isFinal = (p: ParcelRecord) => p.scans[0]?.kind === 'delivered' || p.scans[0]?.kind === 'cancelled';

/**
 * The stand-in's parcels, in memory and in one JSON file under <dataDir>/carrier (temp file + rename on every change),
 * so a restart keeps them. A file that cannot be read is set aside, not fatal.
 */
export class ParcelStore {
  private readonly parcels = new Map<string, ParcelRecord>();
  private readonly file: string;

  constructor(
    dir: string,
    private readonly now: () => Date,
    private readonly log: (line: string) => void,
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'parcels.json');
    this.load();
  }

  private load(): void {
    if (!fs.existsSync(this.file)) return;
    try {
      const list = JSON.parse(fs.readFileSync(this.file, 'utf8')) as unknown;
      if (!Array.isArray(list)) throw new Error('not a list');
      for (const p of list as ParcelRecord[]) {
        if (typeof p?.trackingNumber === 'string' && Array.isArray(p.scans)) this.parcels.set(p.trackingNumber, p);
      }
    } catch (error) {
      const aside = `${this.file}.unreadable-${Date.now()}`;
      fs.renameSync(this.file, aside);
      this.log(`parcels file unreadable (${(error as Error).message}); moved to ${aside}`);
    }
  }

  private save(): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify([...this.parcels.values()]));
    fs.renameSync(temp, this.file);
  }

  get(trackingNumber: string): ParcelRecord | undefined {
    return this.parcels.get(trackingNumber);
  }

  /** Newest first. */
  list(): ParcelRecord[] {
    return [...this.parcels.values()].reverse();
  }

  /** A 12-digit number like FedEx Express and Ground ones, unused here. */
  private newTrackingNumber(): string {
    for (;;) {
      const n = `7${String(randomInt(0, 100_000_000_000)).padStart(11, '0')}`;
      if (!this.parcels.has(n)) return n;
    }
  }

  /** Each scan strictly after the last, so newest-first order never depends on ties. */
  private scanTime(parcel: ParcelRecord | null): string {
    const now = this.now().getTime();
    const last = parcel?.scans[0] ? Date.parse(parcel.scans[0].at) : 0;
    return new Date(Math.max(now, last + 1000)).toISOString();
  }

  create(input: NewParcel): ParcelRecord {
    const at = this.scanTime(null);
    const parcel: ParcelRecord = {
      ...input,
      trackingNumber: this.newTrackingNumber(),
      createdAt: at,
      returning: false,
      scans: [{ kind: 'created', at, place: input.shipper.place }],
    };
    this.parcels.set(parcel.trackingNumber, parcel);
    // The oldest parcels go first once there are very many (a long-lived local data dir).
    for (const old of this.parcels.keys()) {
      if (this.parcels.size <= MAX_PARCELS) break;
      this.parcels.delete(old);
    }
    this.save();
    return parcel;
  }

  /** Where a scan of this kind happens: pickup at the shipper, the rest where the parcel is heading. */
  private placeFor(parcel: ParcelRecord, kind: ScanKind): ZipPlace {
    const heading = parcel.returning ? parcel.shipper.place : parcel.recipient.place;
    if (kind === 'picked_up' || kind === 'cancelled') return parcel.shipper.place;
    if (kind === 'returned_to_sender') return parcel.scans[0]?.place ?? heading;
    return heading;
  }

  move(trackingNumber: string, kind: Move | 'cancelled'): MoveOutcome {
    const parcel = this.parcels.get(trackingNumber);
    if (!parcel) return { ok: false, reason: 'not_found' };
    if (isFinal(parcel)) return { ok: false, reason: 'final' };
    parcel.scans.unshift({ kind, at: this.scanTime(parcel), place: this.placeFor(parcel, kind) });
    if (kind === 'returned_to_sender') parcel.returning = true;
    this.save();
    return { ok: true, parcel };
  }
}

export const scanCodes = (s: ScanRecord) => SCANS[s.kind];
