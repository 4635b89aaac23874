import { useSyncExternalStore } from 'react';
import { CART_MAX_BYTES, CART_MAX_ITEMS, CART_STORAGE_KEY } from '../../../../shared/domain/cart';
import { LISTING_TYPES, SHIPPING_TYPES, type ListingType, type ShippingType } from '../../../../shared/domain/listing';

/**
 * A signed-out visitor's cart (spec part 2 "Cart storage"): kept in localStorage under `marketplace_cart`, falling back
 * to sessionStorage, then to memory only. No zod and no API here: the header's cart badge reads it on the first load.
 */

/** What the browser keeps of a listing in the cart: the spec's client shape, money in cents. */
export interface LocalCartLine {
  /** A temporary id of the line (the server cart is keyed by listing). */
  id: string;
  listingId: string;
  title: string;
  /** The price when it was added; the server prices the line again once it moves to the account. */
  priceCents: number;
  currency: 'RLUSD';
  image: string | null;
  listingType: ListingType;
  sellerId: string;
  sellerName: string;
  sellerLocation: { city: string; state: string; zipCode: string } | null;
  isLocalPickup: boolean;
  /** Flat shipping per unit (0 for the other shipping types). */
  shippingCostCents: number;
  shippingType: ShippingType;
  quantity: number;
  /** Units for sale when it was added. */
  available: number;
  addedAt: string;
}

/** What adding needs to know of a listing. */
export type LocalCartItem = Omit<LocalCartLine, 'id' | 'quantity' | 'addedAt' | 'currency'>;

/**
 * The outcome of a change: saved; saved in memory only ('Storage Limited'); refused because the stored cart would pass
 * 1 MB ('Cart Too Large') or 50 items ('Cart Full'); 'limit' when every unit for sale is in the cart already.
 */
export type LocalWrite = 'saved' | 'memory' | 'too_large' | 'full' | 'limit';

/** Where the cart lives now: the first storage that takes it. */
export type LocalCartPlace = 'local' | 'session' | 'memory';

let memory: LocalCartLine[] | null = null;
let cached: LocalCartLine[] | null = null;
const listeners = new Set<() => void>();

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    // Reading the property throws where storage is blocked (privacy settings, sandboxed frames).
    return window[kind];
  } catch {
    return null;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** A stored line as this version writes it; anything else (another version, a hand edit) is dropped. */
function asLine(value: unknown): LocalCartLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const location = v.sellerLocation as Record<string, unknown> | null | undefined;
  const locationOk =
    location === null || (isText(location?.city) && isText(location?.state) && isText(location?.zipCode));
  const ok =
    isText(v.id) &&
    isText(v.listingId) &&
    /^[0-9A-Za-z]{1,64}$/.test(v.listingId) &&
    isText(v.title) &&
    isCount(v.priceCents) &&
    (v.image === null || isText(v.image)) &&
    LISTING_TYPES.includes(v.listingType as ListingType) &&
    isText(v.sellerId) &&
    isText(v.sellerName) &&
    locationOk &&
    typeof v.isLocalPickup === 'boolean' &&
    isCount(v.shippingCostCents) &&
    SHIPPING_TYPES.includes(v.shippingType as ShippingType) &&
    isCount(v.quantity) &&
    v.quantity > 0 &&
    isCount(v.available) &&
    isText(v.addedAt);
  return ok ? ({ ...(v as unknown as LocalCartLine), currency: 'RLUSD' } as LocalCartLine) : null;
}

function parse(text: string | null): LocalCartLine[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.map(asLine).filter((l): l is LocalCartLine => l !== null);
  } catch {
    return [];
  }
}

function readStorage(kind: 'localStorage' | 'sessionStorage'): LocalCartLine[] | null {
  try {
    return parse(storage(kind)?.getItem(CART_STORAGE_KEY) ?? null);
  } catch {
    return null;
  }
}

/** The cart as stored: memory first once storage refused it, then localStorage, then sessionStorage. */
function read(): LocalCartLine[] {
  return memory ?? readStorage('localStorage') ?? readStorage('sessionStorage') ?? [];
}

function notify() {
  cached = null;
  for (const l of [...listeners]) l();
}

/** UTF-8 bytes of the text (the 1 MB limit is on the stored text). */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function tryWrite(kind: 'localStorage' | 'sessionStorage', text: string | null): boolean {
  const s = storage(kind);
  if (!s) return false;
  try {
    if (text === null) s.removeItem(CART_STORAGE_KEY);
    else s.setItem(CART_STORAGE_KEY, text);
    return true;
  } catch {
    return false;
  }
}

/** Stores the lines in the first place that takes them; refused (nothing saved) when the text would pass 1 MB. */
export function writeLocalCart(lines: readonly LocalCartLine[]): LocalWrite {
  const text = lines.length ? JSON.stringify(lines) : null;
  if (text !== null && byteLength(text) > CART_MAX_BYTES) return 'too_large';
  let result: LocalWrite;
  if (tryWrite('localStorage', text)) {
    // An older copy in session storage would come back if local storage is cleared.
    tryWrite('sessionStorage', null);
    memory = null;
    result = 'saved';
  } else if (tryWrite('sessionStorage', text)) {
    memory = null;
    result = 'saved';
  } else {
    memory = [...lines];
    result = 'memory';
  }
  notify();
  return result;
}

/** Where the cart is kept at the moment (tests, the 'Storage Limited' note). */
export function localCartPlace(): LocalCartPlace {
  if (memory) return 'memory';
  return readStorage('localStorage') !== null ? 'local' : 'session';
}

export function readLocalCart(): LocalCartLine[] {
  return read();
}

function tempId(): string {
  return `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Adds one unit: a listing already in the cart goes up by 1 (up to the units for sale), a new one starts at 1 unless
 * the cart already holds 50 items.
 */
export function addLocalItem(item: LocalCartItem, now = new Date()): LocalWrite {
  const lines = read();
  const existing = lines.find((l) => l.listingId === item.listingId);
  if (existing) {
    if (existing.quantity >= item.available) return 'limit';
    return writeLocalCart(lines.map((l) => (l === existing ? { ...l, ...item, quantity: l.quantity + 1 } : l)));
  }
  if (item.available < 1) return 'limit';
  if (lines.length >= CART_MAX_ITEMS) return 'full';
  return writeLocalCart([
    ...lines,
    { ...item, id: tempId(), currency: 'RLUSD', quantity: 1, addedAt: now.toISOString() },
  ]);
}

/** Sets a line's quantity; 0 or less removes it. */
export function setLocalQuantity(listingId: string, quantity: number): LocalWrite {
  const lines = read();
  if (quantity <= 0) return writeLocalCart(lines.filter((l) => l.listingId !== listingId));
  return writeLocalCart(lines.map((l) => (l.listingId === listingId ? { ...l, quantity } : l)));
}

export function removeLocalItem(listingId: string): LocalWrite {
  return setLocalQuantity(listingId, 0);
}

/** Empties every copy: local storage, session storage and memory (after the cart moved to the account, or Clear). */
export function clearLocalCart(): void {
  tryWrite('localStorage', null);
  tryWrite('sessionStorage', null);
  memory = null;
  notify();
}

// Another tab changed the stored cart.
function onStorage(event: StorageEvent) {
  if (event.key === CART_STORAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): LocalCartLine[] {
  cached ??= read();
  return cached;
}

/** The local cart, re-rendering on every change in this tab or another. */
export function useLocalCart(): LocalCartLine[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The header badge's number: the sum of quantities. */
export function useLocalCartCount(): number {
  return useLocalCart().reduce((sum, l) => sum + l.quantity, 0);
}

/** Forgets the in-memory copy (tests start from a clean page). */
export function resetLocalCartForTests(): void {
  memory = null;
  notify();
}
