import { accounts } from '../../adapters/auth-deps';
import { loadLedger } from '../../adapters/load-ledger';
import { explorerAccountUrl, walletBalances } from '../../core/wallet/wallet-balances';
import { ledgerConfig } from '../../lib/config';
import { NotFoundError, UpstreamError } from '../../lib/errors';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getWalletBalances, async (req) => {
  const user = await accounts().user(principalOf(req).userId);
  if (!user) throw new NotFoundError('The account no longer exists');
  const c = ledgerConfig();
  let balances;
  try {
    balances = await (await loadLedger()).balances(user.walletAddress);
  } catch (error) {
    req.log.warn('balance read failed', { error });
    throw new UpstreamError('unavailable', 'ledger_unavailable', 'Could not read balances from the XRP Ledger');
  }
  return ok({
    walletAddress: user.walletAddress,
    balances: walletBalances(balances, c.RLUSD_ISSUER),
    explorerUrl: explorerAccountUrl(c.XRPL_NETWORK, c.XRPL_URL, user.walletAddress),
  });
});
