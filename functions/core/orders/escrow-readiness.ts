import { AppError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { LedgerGateway } from '../ledger/ports';

/** Why an RLUSD escrow can't be made now, found before anyone is asked to sign. */
export type EscrowProblem = 'feature_disabled' | 'issuer_locking' | 'seller_no_line' | 'buyer_no_line';

export interface EscrowReadiness {
  /** null when the buyer can pay each seller into an escrow now. */
  check(buyerAddress: string, sellerAddresses: readonly (string | null)[]): Promise<EscrowProblem | null>;
}

/** The network's rules change rarely (amendment votes, the issuer's flags): read them at most once a minute. */
export const NETWORK_RULES_TTL_MS = 60_000;

/**
 * Escrow preconditions (decision 023): token escrow must be enabled (XLS-85 TokenEscrow), RLUSD's issuer must allow
 * trust-line locking, the buyer and every seller must hold an RLUSD trust line (the seller's receives the funds on
 * release).
 */
export function escrowReadiness(
  ledger: Pick<LedgerGateway, 'amendmentEnabled' | 'issuerFlags' | 'rlusdLine'>,
  clock: Clock,
): EscrowReadiness {
  let rules: { at: number; value: Promise<EscrowProblem | null> } | undefined;
  const networkRules = () => {
    const now = clock.now().getTime();
    if (!rules || now - rules.at > NETWORK_RULES_TTL_MS) {
      const value = (async (): Promise<EscrowProblem | null> => {
        if (!(await ledger.amendmentEnabled('TokenEscrow'))) return 'feature_disabled';
        if (!(await ledger.issuerFlags()).allowTrustLineLocking) return 'issuer_locking';
        return null;
      })();
      // A failed read is not kept: the next checkout asks again.
      value.catch(() => (rules = undefined));
      rules = { at: now, value };
    }
    return rules.value;
  };
  return {
    async check(buyerAddress, sellerAddresses) {
      const problem = await networkRules();
      if (problem) return problem;
      const [buyerLine, ...sellerLines] = await Promise.all([
        ledger.rlusdLine(buyerAddress),
        ...sellerAddresses.map((a) => (a ? ledger.rlusdLine(a) : Promise.resolve(null))),
      ]);
      if (!buyerLine) return 'buyer_no_line';
      if (sellerLines.some((l) => l === null || l.frozen)) return 'seller_no_line';
      return null;
    },
  };
}

/** The spec's 'Escrow Not Available' texts, with FEATURE_NOT_ENABLED as the spec's code for the amendment. */
export function escrowUnavailable(problem: EscrowProblem): AppError {
  switch (problem) {
    case 'feature_disabled':
      return new AppError(
        'invalid_state',
        'FEATURE_NOT_ENABLED',
        'TokenEscrow feature is not enabled yet on this network. This transaction type is not currently supported.',
      );
    case 'issuer_locking':
      return new AppError(
        'invalid_state',
        'escrow_not_available',
        "RLUSD can't be held in escrow on this network: its issuer does not allow it.",
      );
    case 'seller_no_line':
      return new AppError(
        'invalid_state',
        'seller_cannot_receive',
        "A seller in your cart can't receive RLUSD yet, so their items can't be bought right now.",
      );
    case 'buyer_no_line':
      return new AppError(
        'invalid_state',
        'buyer_no_rlusd',
        'Your wallet holds no RLUSD. Add RLUSD to your wallet to pay.',
      );
  }
}
