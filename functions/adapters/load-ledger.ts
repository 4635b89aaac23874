import type { XrplLedger } from './ledger/xrpl-ledger';

/**
 * The container's ledger gateway (ledger/xrpl-ledger.ts), its module and the xrpl package evaluated on the first call
 * rather than when the function loads: about 35 ms of a cold start that paths without the ledger (rate-limited,
 * refused or not-found requests) don't pay. The code is still in the bundle; esbuild defers evaluating it. It dials
 * the saved endpoints (decision 072), whose settings read is deferred the same way.
 */
export const loadLedger = (): Promise<XrplLedger> =>
  Promise.all([import('./ledger/xrpl-ledger'), import('../wiring/network-settings')]).then(([gateway, settings]) =>
    gateway.ledger(settings.savedLedgerEndpoints),
  );
