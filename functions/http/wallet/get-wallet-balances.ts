import { getWalletBalances } from '../../core/wallet/get-wallet-balances';
import { getWalletBalancesDeps } from '../../wiring/wallet';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.getWalletBalances, async (req) =>
  ok(await getWalletBalances(principalOf(req).userId, getWalletBalancesDeps(req.log))),
);
