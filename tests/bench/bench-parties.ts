import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { Wallet } from 'xrpl';
import { accounts, sessionDeps } from '../../functions/wiring/auth';
import { profileStore } from '../../functions/adapters/db/profile-store';
import { db } from '../../functions/adapters/db/service';
import { openSession } from '../../functions/core/auth/sessions';
import { settingsWrite } from '../../functions/core/profile/profile';
import type { BareStack } from './bare-stack';

/** A bench's user: a real account whose wallet is on the local ledger with XRP and RLUSD, and an open session. */
export interface Party {
  userId: string;
  username: string;
  token: string;
  wallet: Wallet;
}

/** Where a party lives (its profile's address). */
export interface PartyAddress {
  city: string;
  state: string;
  postalCode: string;
}

const AUSTIN: PartyAddress = { city: 'Austin', state: 'TX', postalCode: '78701' };

/**
 * A real account for `wallet` with a complete profile (sellers with the seller flag) and a session opened directly,
 * written by the app's own stores (the stack's environment must be set).
 */
export async function accountFor(
  name: string,
  seller: boolean,
  wallet: Wallet,
  at: { address?: PartyAddress; now?: Date } = {},
): Promise<{ userId: string; username: string; token: string }> {
  const userId = ulid();
  const username = `${name}_${userId.slice(-6)}`.toLowerCase();
  const now = at.now ?? new Date();
  const created = await accounts().create({
    userId,
    username,
    walletAddress: wallet.classicAddress,
    role: 'user',
    createdAt: now.toISOString(),
  });
  if (!created.ok) throw new Error(`account ${name}: ${created.reason}`);
  await profileStore(db()).save(
    userId,
    settingsWrite({
      fullName: name,
      email: `${name}@example.com`,
      phone: '+1 512 555 0100',
      address: { country: 'US', street: '1 Main St', ...(at.address ?? AUSTIN) },
      returnAddress: null,
      useDifferentReturnAddress: false,
      isSeller: seller,
    }),
    now,
  );
  const { token } = await openSession(userId, sessionDeps());
  return { userId, username, token };
}

/**
 * Accounts whose wallets are Xaman stand-in dev wallets (funded on the local ledger with XRP and RLUSD, all in one go),
 * each with a profile in Austin and a session.
 */
export async function parties(stack: BareStack, who: readonly { name: string; seller: boolean }[]): Promise<Party[]> {
  const wallets = who.map(() => Wallet.generate());
  await stack.standIns.xaman!.adoptWallets(wallets.map((w, i) => ({ seed: w.seed!, label: who[i]!.name })));
  return Promise.all(
    who.map(async ({ name, seller }, i) => ({ ...(await accountFor(name, seller, wallets[i]!)), wallet: wallets[i]! })),
  );
}

export async function party(stack: BareStack, name: string, seller: boolean): Promise<Party> {
  return (await parties(stack, [{ name, seller }]))[0]!;
}

/** JSON requests through the gateway as `who` (a fresh Idempotency-Key on every POST); a status of 300 or more throws. */
export function api(stack: BareStack, who: { token: string }) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${who.token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(method === 'POST' && { 'idempotency-key': randomUUID() }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
}

/** A listing of the seller's through the API: a free-shipping lamp in Austin, with `fields` on top. */
export function listingOf(stack: BareStack, seller: Party, fields: Record<string, unknown>): Promise<string> {
  return api(stack, seller)<{ id: string }>('POST', '/api/listings', {
    title: 'Bench Lamp',
    description: 'A lamp for the benches.',
    category: 'Home & Garden',
    condition: 'good',
    shippingType: 'free',
    location: { zipCode: '78701', city: 'Austin', state: 'TX' },
    ...fields,
  }).then((l) => l.id);
}
