import { isValidClassicAddress } from 'xrpl';
import { RLUSD_CURRENCY_HEX, XAMAN_DEFAULT_API_URL } from '../../functions/lib/config';

/**
 * Public endpoints and RLUSD issuers of the networks a deployment may use; context overrides any of them. Mainnet:
 * docs.ripple.com "RLUSD on the XRP Ledger" (wss://xrplcluster.com, issuer rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De).
 * Testnet: xrpl.org public servers (wss://s.altnet.rippletest.net:51233) and the issuer the tryrlusd.com testnet faucet
 * issues from (rQhWct2fv4Vc4KRjRgMrxa8xPN9Zx9iLKV, as widely used; check it against the Testnet section of the page
 * above before going live, and pass -c rlusdIssuer=... if it changed).
 */
export const XRPL_NETWORKS = {
  testnet: { url: 'wss://s.altnet.rippletest.net:51233', rlusdIssuer: 'rQhWct2fv4Vc4KRjRgMrxa8xPN9Zx9iLKV' },
  mainnet: { url: 'wss://xrplcluster.com', rlusdIssuer: 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De' },
} as const;

export type DeployedNetwork = keyof typeof XRPL_NETWORKS;

/** The ledger and signer settings every function gets (the Xaman secret's ARN is added by the app). */
export interface LedgerSettings {
  XRPL_URL: string;
  XRPL_NETWORK: DeployedNetwork;
  RLUSD_ISSUER: string;
  RLUSD_CURRENCY: string;
  XAMAN_API_URL: string;
  /** Empty when not given: the signer then reports itself unconfigured in /api/health until it is. */
  XAMAN_API_KEY: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Reads context keys xrplNetwork (testnet | mainnet, default testnet), xrplUrl, rlusdIssuer, xamanApiUrl and
 * xamanApiKey, filling network defaults, and fails synthesis with the key's name when a value cannot work.
 */
export function ledgerSettings(ctx: (key: string) => string | undefined): LedgerSettings {
  const network = ctx('xrplNetwork') ?? 'testnet';
  if (!Object.hasOwn(XRPL_NETWORKS, network)) {
    throw new Error(`Invalid context xrplNetwork '${network}': use testnet or mainnet`);
  }
  const defaults = XRPL_NETWORKS[network as DeployedNetwork];
  const url = ctx('xrplUrl') ?? defaults.url;
  if (!/^wss?:\/\/\S+$/.test(url)) throw new Error(`Invalid context xrplUrl '${url}': use a wss:// URL`);
  const issuer = ctx('rlusdIssuer') ?? defaults.rlusdIssuer;
  if (!isValidClassicAddress(issuer)) {
    throw new Error(`Invalid context rlusdIssuer '${issuer}': use the issuer's classic address (r...)`);
  }
  const xamanUrl = ctx('xamanApiUrl') ?? XAMAN_DEFAULT_API_URL;
  if (!/^https?:\/\/\S+$/.test(xamanUrl)) throw new Error(`Invalid context xamanApiUrl '${xamanUrl}'`);
  const key = ctx('xamanApiKey') ?? '';
  if (key !== '' && !UUID.test(key)) {
    throw new Error('Invalid context xamanApiKey: use the application key from the Xaman Developer Console (a UUID)');
  }
  return {
    XRPL_URL: url,
    XRPL_NETWORK: network as DeployedNetwork,
    RLUSD_ISSUER: issuer,
    RLUSD_CURRENCY: RLUSD_CURRENCY_HEX,
    XAMAN_API_URL: xamanUrl,
    XAMAN_API_KEY: key,
  };
}
