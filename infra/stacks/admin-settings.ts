import { parseAdminWallets } from '../../shared/domain/admin-wallets';

/**
 * The configured administrators (decision 062), from context adminWalletAddresses: comma-separated classic addresses,
 * given to every function as ADMIN_WALLET_ADDRESSES (a wallet in it is an administrator from its next sign-in). Checked
 * with the functions' own parser, so synthesis fails on a value the functions would refuse. Empty: none configured,
 * and administrators are only those granted in the admin portal.
 */
export function adminSettings(ctx: (key: string) => string | undefined): { ADMIN_WALLET_ADDRESSES: string } {
  const text = ctx('adminWalletAddresses') ?? '';
  try {
    return { ADMIN_WALLET_ADDRESSES: parseAdminWallets(text).join(',') };
  } catch (error) {
    throw new Error(`Invalid context adminWalletAddresses '${text}': ${(error as Error).message}`);
  }
}
