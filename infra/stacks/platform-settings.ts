import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { isValidClassicAddress } from 'xrpl';
import { emptySecret } from './empty-secret';

/**
 * The marketplace's own XRPL account (functions/lib/config.ts `platformSchema`), from context: platformWalletAddress
 * and platformFeePercent (default 2.5). Every function gets both, like the ledger settings; the seed's secret is only
 * given to what signs as the platform (grantEscrowSettlement in grants.ts).
 */
export interface PlatformSettings {
  /**
   * Empty when not given (as the Xaman key and the carrier account are, synthesis does not fail): the variable is then
   * left out, and what needs the account (the fee route, the signing consumer's fee check, escrow settlement) fails with
   * "Invalid platform configuration: PLATFORM_WALLET_ADDRESS" until a deployment gives it.
   */
  PLATFORM_WALLET_ADDRESS: string;
  PLATFORM_FEE_PERCENT: string;
}

export const DEFAULT_PLATFORM_FEE_PERCENT = '2.5';
/** config.ts's rule for PLATFORM_FEE_PERCENT (tests/infra/platform-settings.test.ts checks the two agree). */
const FEE_PERCENT = /^(100|\d{1,2})(\.\d{1,2})?$/;

/** Reads and checks the platform context, failing synthesis with the key's name when a value cannot work. */
export function platformSettings(ctx: (key: string) => string | undefined): PlatformSettings {
  const address = ctx('platformWalletAddress') ?? '';
  if (address !== '' && !isValidClassicAddress(address)) {
    throw new Error(
      `Invalid context platformWalletAddress '${address}': use the platform account's classic address (r...)`,
    );
  }
  const fee = ctx('platformFeePercent') ?? DEFAULT_PLATFORM_FEE_PERCENT;
  // Stricter than config.ts: above 100 % the fee would exceed the order, and a 0 % fee would ask sellers to sign a
  // Payment of nothing, which the ledger refuses (temBAD_AMOUNT).
  if (!FEE_PERCENT.test(fee) || Number(fee) <= 0 || Number(fee) > 100) {
    throw new Error(
      `Invalid context platformFeePercent '${fee}': use a percent above 0 and at most 100, at most two decimals (e.g. 2.5)`,
    );
  }
  return { PLATFORM_WALLET_ADDRESS: address, PLATFORM_FEE_PERCENT: fee };
}

/**
 * The Secrets Manager secret holding the platform account's seed (family seed, s...), created empty and retained: an
 * operator puts it after deploying (README). Until then every release and refund fails (and is retried by the
 * schedules), nothing else does.
 */
export function platformWalletSeedSecret(scope: Construct): secretsmanager.Secret {
  return emptySecret(
    scope,
    'PlatformWalletSeed',
    "Seed of the marketplace's XRPL account, which submits EscrowFinish and EscrowCancel (PLATFORM_WALLET_ADDRESS)",
    'An XRPL account key: Secrets Manager cannot rotate it on the ledger. An operator replaces it deliberately: a new ' +
      'account (the seed must derive platformWalletAddress), its seed here and the new address deployed together.',
  );
}
