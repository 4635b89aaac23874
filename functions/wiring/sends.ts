import { ulid } from 'ulid';
import { enforceRateLimit } from '../core/auth/rate-limit';
import { systemClock } from '../core/clock/clock';
import type { GetSendDeps } from '../core/sends/get-send';
import type { SendFundsDeps } from '../core/sends/send-funds';
import type { SettleSendDeps } from '../core/sends/settle-send-funds';
import { accountStore } from '../adapters/db/account-store';
import { rateLimitStore } from '../adapters/db/rate-limit-store';
import { clock } from '../adapters/clock';
import { sendStore } from '../adapters/db/send-store';
import { db } from '../adapters/db/service';
import { loadLedger } from '../adapters/load-ledger';
import { signer } from '../adapters/signer/xaman-signer';
import { ledgerConfig } from '../lib/config';
import type { Logger } from '../lib/logger';
import { openSigningDeps } from './signing';

/** Send Funds (decision 060): the ledger read for both accounts, the Payment's wallet request, and the send recorded. */
export async function sendFundsDeps(): Promise<SendFundsDeps> {
  const l = await loadLedger();
  return {
    ...openSigningDeps(),
    users: accountStore(db()),
    ledger: l,
    sends: sendStore(db()),
    rlusd: l.rlusd,
    newId: ulid,
    limit: (userId) => enforceRateLimit(rateLimitStore(db()), 'sendFunds', `user:${userId}`, systemClock.now()),
  };
}

export function getSendDeps(): GetSendDeps {
  const c = ledgerConfig();
  return { sends: sendStore(db()), network: c.XRPL_NETWORK, ledgerUrl: c.XRPL_URL };
}

/** A signed send checked and submitted (the signing consumer, the webhook). */
export async function settleSendDeps(log: Pick<Logger, 'warn'>): Promise<SettleSendDeps> {
  const l = await loadLedger();
  return { sends: sendStore(db()), signer: signer(), ledger: l, rlusd: l.rlusd, clock, log };
}
