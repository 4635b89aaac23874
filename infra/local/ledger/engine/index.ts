/**
 * The transaction engine of the XRPL node stand-in: ledger state, transaction application, result codes.
 * The node (infra/local/ledger/*.ts) talks to it through these exports and the types in ./api.
 */
export * from './api';
export { LedgerState, ZERO_HASH } from './ledger-state';
export { applyTransaction } from './apply';
export {
  RESULT_CODES,
  type ResultCode,
  isApplied,
  isResultCode,
  resultCodeNumber,
  rippleResultMessage,
} from './result-codes';
export { ACCOUNT_FLAGS, ASF, RIPPLE_STATE_FLAGS } from './flags';
export { accountFlags, accountLine, type AccountLine } from './rpc-views';
export { IouValue } from './iou-value';
export { preimageCondition, fulfillmentMatches } from './crypto-condition';
