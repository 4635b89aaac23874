import { isClassicAddress } from './ledger-address';

/**
 * The configured administrators' wallets (decision 062): ADMIN_WALLET_ADDRESSES in the functions, the CDK context
 * value `adminWalletAddresses`, both comma-separated classic addresses. One parser for both, so a deployment that
 * synthesizes is one the functions accept. Empty means none; anything that is not a classic address is refused.
 */
export function parseAdminWallets(text: string | undefined): string[] {
  const parts = (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const wrong = parts.filter((p) => !isClassicAddress(p));
  if (wrong.length > 0) throw new Error(`not classic addresses (r...): ${wrong.join(', ')}`);
  return [...new Set(parts)];
}
