import { type ResultCode } from './result-codes';
import { type Tx } from './transactor';

/**
 * rippled's transaction formats for the types the engine applies, and the fields of amendments it does not
 * implement. A blob is checked against these before anything else, as rippled's `submit` builds an STTx from it.
 */

/** TxFormats::getCommonFields (rippled src/libxrpl/protocol/TxFormats.cpp): allowed on every transaction. */
const COMMON_FIELDS = new Set([
  'TransactionType',
  'Flags',
  'SourceTag',
  'Account',
  'Sequence',
  'PreviousTxnID',
  'LastLedgerSequence',
  'AccountTxnID',
  'Fee',
  'OperationLimit',
  'Memos',
  'SigningPubKey',
  'TicketSequence',
  'TxnSignature',
  'Signers',
  'NetworkID',
  'Delegate',
  // XLS-68 sponsorship: common fields in rippled's Sponsor amendment work (SponsorshipTransfer.cpp, Transactor).
  'Sponsor',
  'SponsorFlags',
  'SponsorSignature',
]);

const REQUIRED_COMMON = ['TransactionType', 'Account', 'Sequence', 'Fee', 'SigningPubKey'];

interface Format {
  required: string[];
  optional: string[];
}

/** Per-type fields, from include/xrpl/protocol/detail/transactions.macro. */
const FORMATS: Record<string, Format> = {
  Payment: {
    required: ['Destination', 'Amount'],
    optional: ['SendMax', 'Paths', 'InvoiceID', 'DestinationTag', 'DeliverMin', 'CredentialIDs', 'DomainID'],
  },
  EscrowCreate: {
    required: ['Destination', 'Amount'],
    optional: ['Condition', 'CancelAfter', 'FinishAfter', 'DestinationTag'],
  },
  EscrowFinish: { required: ['Owner', 'OfferSequence'], optional: ['Fulfillment', 'Condition', 'CredentialIDs'] },
  EscrowCancel: { required: ['Owner', 'OfferSequence'], optional: [] },
  AccountSet: {
    required: [],
    optional: [
      'EmailHash',
      'WalletLocator',
      'WalletSize',
      'MessageKey',
      'Domain',
      'TransferRate',
      'SetFlag',
      'ClearFlag',
      'TickSize',
      'NFTokenMinter',
    ],
  },
  SetRegularKey: { required: [], optional: ['RegularKey'] },
  TrustSet: { required: [], optional: ['LimitAmount', 'QualityIn', 'QualityOut'] },
};

/**
 * STObject::applyTemplate's refusal text (rippled src/libxrpl/protocol/STObject.cpp, throwFieldErr), which `submit`
 * returns as `invalidTransaction` / `error_exception`; undefined when the fields fit the type's format.
 */
export function formatError(tx: Tx): string | undefined {
  const format = FORMATS[tx.TransactionType];
  if (!format) return undefined;
  for (const field of [...REQUIRED_COMMON, ...format.required]) {
    if (tx[field] === undefined) return `Field '${field}' is required but missing.`;
  }
  const allowed = new Set([...format.required, ...format.optional]);
  for (const field of Object.keys(tx)) {
    if (!COMMON_FIELDS.has(field) && !allowed.has(field)) return `Field '${field}' found in disallowed location.`;
  }
  return undefined;
}

/**
 * Fields of amendments the engine does not implement; rippled with the amendment disabled refuses them in
 * preflight with temDISABLED, before any other check of the transaction:
 * - Delegate: Transactor::preflight1 (featurePermissionDelegationV1_1).
 * - Sponsor, SponsorFlags, SponsorSignature: the Sponsor amendment (temDISABLED while it is not enabled).
 * - CredentialIDs: Payment::checkExtraFeatures, EscrowFinish::preflight (featureCredentials).
 * - DomainID: Payment::checkExtraFeatures (featurePermissionedDEX).
 */
const DISABLED_FIELDS = ['Delegate', 'Sponsor', 'SponsorFlags', 'SponsorSignature', 'CredentialIDs', 'DomainID'];

export function disabledAmendmentField(tx: Tx): ResultCode | undefined {
  return DISABLED_FIELDS.some((field) => tx[field] !== undefined) ? 'temDISABLED' : undefined;
}

/**
 * Transactor preflight0's NetworkID rule: networks with an id up to 1024 must not carry NetworkID, later ones must
 * carry their own.
 */
export function networkIdResult(tx: Tx, networkId: number): ResultCode | undefined {
  const txNetwork = tx.NetworkID;
  if (networkId <= 1024) return txNetwork === undefined ? undefined : 'telNETWORK_ID_MAKES_TX_NON_CANONICAL';
  if (txNetwork === undefined) return 'telREQUIRES_NETWORK_ID';
  return txNetwork === networkId ? undefined : 'telWRONG_NETWORK';
}
