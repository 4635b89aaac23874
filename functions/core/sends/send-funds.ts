import { dropsToXrpText, formatUsd } from '../../../shared/domain/money';
import { shortAddress } from '../../../shared/domain/username';
import { BadRequestError, UnprocessableError } from '../../lib/errors';
import type { LedgerGateway } from '../ledger/ports';
import type { TokenIssue } from '../orders/escrow-create';
import { openSigningRequest, type OpenSigningDeps } from '../signing/open-signing-request';
import { sendRefusal } from './send-rules';
import { sendPaymentTx, type SendAmount, type SendStore } from './sends';
import { walletOf, type TrustLineDeps } from '../wallet/trust-line';

/** A send's wallet request stays open this long: within the signing queue's five minutes of checks. */
export const SEND_EXPIRE_MINUTES = 5;

export interface SendFundsDeps extends OpenSigningDeps {
  users: TrustLineDeps['users'];
  ledger: Pick<LedgerGateway, 'balances' | 'accountState' | 'rlusdLine' | 'networkCosts'>;
  sends: Pick<SendStore, 'create'>;
  rlusd: TokenIssue;
  newId(): string;
  /** Counts a send against the user's limit (RATE_LIMITS.sendFunds); throws 429 past it. */
  limit(userId: string): Promise<void>;
}

export type SendFundsInput = ({ currency: 'RLUSD'; amountCents: number } | { currency: 'XRP'; amountDrops: string }) & {
  destination: string;
  destinationTag?: number;
};

const amountOf = (input: SendFundsInput): SendAmount =>
  input.currency === 'RLUSD'
    ? { currency: 'RLUSD', cents: input.amountCents }
    : { currency: 'XRP', drops: input.amountDrops };

const amountText = (a: SendAmount) =>
  a.currency === 'RLUSD' ? `${formatUsd(a.cents)} RLUSD` : `${dropsToXrpText(a.drops)} XRP`;

/**
 * Send Funds (decision 060): the ledger is read for both accounts, the send rules refuse what can't or shouldn't go,
 * and the wallet is asked to sign exactly that Payment. The send is recorded with its request before the request is
 * (`claim`), so its settlement always finds it.
 */
export async function sendFunds(userId: string, input: SendFundsInput, deps: SendFundsDeps) {
  const sender = await walletOf(userId, deps);
  const amount = amountOf(input);
  const destinationTag = input.destinationTag ?? null;
  const [senderBalances, destinationAccount, destinationLine, costs] = await Promise.all([
    deps.ledger.balances(sender),
    deps.ledger.accountState(input.destination),
    amount.currency === 'RLUSD' ? deps.ledger.rlusdLine(input.destination) : Promise.resolve(null),
    deps.ledger.networkCosts(),
  ]);
  const refusal = sendRefusal({
    sender,
    amount,
    destination: input.destination,
    destinationTag,
    senderBalances,
    destinationAccount,
    destinationLine,
    costs,
  });
  if (refusal) {
    // Named as the request's fields.
    const field =
      refusal.field !== 'amount' ? refusal.field : input.currency === 'RLUSD' ? 'amountCents' : 'amountDrops';
    const fields = { [field]: refusal.message };
    if (refusal.invalid) throw new BadRequestError(refusal.message, fields, refusal.code);
    throw new UnprocessableError(refusal.message, fields, refusal.code);
  }

  await deps.limit(userId);
  const at = deps.clock.now();
  const sendId = deps.newId();
  const send = { senderAddress: sender, amount, destination: input.destination, destinationTag };
  const opened = await openSigningRequest(
    {
      purpose: 'send-funds',
      subjectId: sendId,
      txjson: sendPaymentTx(send, deps.rlusd),
      expireMinutes: SEND_EXPIRE_MINUTES,
      instruction: `Send ${amountText(amount)} to ${shortAddress(input.destination)}.`,
      at,
      claim: async ({ uuid, signUrl, qrPngUrl, expiresAt }) => {
        await deps.sends.create({
          ...send,
          sendId,
          senderId: userId,
          status: 'signing',
          signing: { uuid, signUrl, qrPngUrl, expiresAt },
          txHash: null,
          ledgerIndex: null,
          failure: null,
          createdAt: at.toISOString(),
          updatedAt: at.toISOString(),
        });
        return true;
      },
    },
    deps,
  );
  const { uuid, signUrl, qrPngUrl, expiresAt, topic } = opened;
  return { sendId, uuid, signUrl, qrPngUrl, expiresAt, topic };
}
