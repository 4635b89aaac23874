/**
 * Transaction result codes with rippled's numbers (include/xrpl/protocol/TER.h, also ripple-binary-codec's
 * definitions.json) and its human messages (src/libxrpl/protocol/TER.cpp, transResults()).
 * Only the codes this engine can produce, plus neighbours a client is likely to look up.
 */
export const RESULTS = {
  tesSUCCESS: [0, 'The transaction was applied. Only final in a validated ledger.'],

  tecCLAIM: [100, 'Fee claimed. Sequence used. No action.'],
  tecPATH_PARTIAL: [101, 'Path could not send full amount.'],
  tecUNFUNDED_PAYMENT: [104, 'Insufficient XRP balance to send.'],
  tecDIR_FULL: [121, 'Can not add entry to full directory.'],
  tecINSUF_RESERVE_LINE: [122, 'Insufficient reserve to add trust line.'],
  tecNO_DST: [124, 'Destination does not exist. Send XRP to create it.'],
  tecNO_DST_INSUF_XRP: [125, 'Destination does not exist. Too little XRP sent to create it.'],
  tecNO_LINE_INSUF_RESERVE: [126, 'No such line. Too little reserve to create it.'],
  tecNO_LINE_REDUNDANT: [127, "Can't set non-existent line to default."],
  tecPATH_DRY: [128, 'Path could not send partial amount.'],
  tecUNFUNDED: [129, 'Not enough XRP to satisfy the reserve requirement.'],
  tecNO_ALTERNATIVE_KEY: [130, 'The operation would remove the ability to sign transactions with the account.'],
  tecNO_REGULAR_KEY: [131, 'Regular key is not set.'],
  tecOWNERS: [132, 'Non-zero owner count.'],
  tecNO_ISSUER: [133, 'Issuer account does not exist.'],
  tecNO_AUTH: [134, 'Not authorized to hold asset.'],
  tecNO_LINE: [135, 'No such line.'],
  tecINSUFF_FEE: [136, 'Insufficient balance to pay fee.'],
  tecFROZEN: [137, 'Asset is frozen.'],
  tecNO_TARGET: [138, 'Target account does not exist.'],
  tecNO_PERMISSION: [139, 'No permission to perform requested operation.'],
  tecNO_ENTRY: [140, 'No matching entry found.'],
  tecINSUFFICIENT_RESERVE: [141, 'Insufficient reserve to complete requested operation.'],
  tecNEED_MASTER_KEY: [142, 'The operation requires the use of the Master Key.'],
  tecDST_TAG_NEEDED: [143, 'A destination tag is required.'],
  tecINTERNAL: [144, 'An internal error has occurred during processing.'],
  tecCRYPTOCONDITION_ERROR: [146, 'Malformed, invalid, or mismatched conditional or fulfillment.'],
  tecEXPIRED: [148, 'Expiration time is passed.'],
  tecDUPLICATE: [149, 'Ledger object already exists.'],
  tecINSUFFICIENT_FUNDS: [159, 'Not enough funds available to complete requested transaction.'],
  tecLIMIT_EXCEEDED: [195, 'Limit exceeded.'],
  tecPRECISION_LOSS: [197, 'The amounts used by the transaction cannot interact.'],

  tefFAILURE: [-199, 'Failed to apply.'],
  tefALREADY: [-198, 'The exact transaction was already in this ledger.'],
  tefBAD_AUTH: [-196, "Transaction's public key is not authorized."],
  tefBAD_LEDGER: [-195, 'Ledger in unexpected state.'],
  tefEXCEPTION: [-193, 'Unexpected program state.'],
  tefINTERNAL: [-192, 'Internal error.'],
  tefNO_AUTH_REQUIRED: [-191, 'Auth is not required.'],
  tefPAST_SEQ: [-190, 'This sequence number has already passed.'],
  tefMASTER_DISABLED: [-188, 'Master key is disabled.'],
  tefMAX_LEDGER: [-187, 'Ledger sequence too high.'],
  tefNOT_MULTI_SIGNING: [-184, 'Account has no appropriate list of multi-signers.'],
  tefBAD_AUTH_MASTER: [-183, 'Auth for unclaimed account needs correct master key.'],
  tefNO_TICKET: [-180, 'Ticket is not in ledger.'],

  terRETRY: [-99, 'Retry transaction.'],
  terINSUF_FEE_B: [-97, "Account balance can't pay fee."],
  terNO_ACCOUNT: [-96, 'The source account does not exist.'],
  terNO_AUTH: [-95, 'Not authorized to hold IOUs.'],
  terNO_LINE: [-94, 'No such line.'],
  terPRE_SEQ: [-92, 'Missing/inapplicable prior transaction.'],
  terNO_RIPPLE: [-90, 'Path does not permit rippling.'],

  telLOCAL_ERROR: [-399, 'Local failure.'],
  telBAD_DOMAIN: [-398, 'Domain too long.'],
  telBAD_PUBLIC_KEY: [-396, 'Public key is not valid.'],
  telFAILED_PROCESSING: [-395, 'Failed to correctly process transaction.'],
  telINSUF_FEE_P: [-394, 'Fee insufficient.'],
  telNO_DST_PARTIAL: [-393, 'Partial payment to create account not allowed.'],
  telWRONG_NETWORK: [-386, 'Transaction specifies a Network ID that differs from that of the local node.'],
  telREQUIRES_NETWORK_ID: [-385, 'Transactions submitted to this node/network must include a correct NetworkID field.'],
  telNETWORK_ID_MAKES_TX_NON_CANONICAL: [
    -384,
    'Transactions submitted to this node/network must NOT include a NetworkID field.',
  ],

  temMALFORMED: [-299, 'Malformed transaction.'],
  temBAD_AMOUNT: [-298, 'Malformed: Bad amount.'],
  temBAD_CURRENCY: [-297, 'Malformed: Bad currency.'],
  temBAD_EXPIRATION: [-296, 'Malformed: Bad expiration.'],
  temBAD_FEE: [-295, 'Invalid fee, negative or not XRP.'],
  temBAD_ISSUER: [-294, 'Malformed: Bad issuer.'],
  temBAD_LIMIT: [-293, 'Limits must be non-negative.'],
  temBAD_PATH: [-291, 'Malformed: Bad path.'],
  temBAD_REGKEY: [-289, 'Malformed: Regular key cannot be same as master key.'],
  temBAD_SEND_XRP_LIMIT: [-288, 'Malformed: Limit quality is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_MAX: [-287, 'Malformed: Send max is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_NO_DIRECT: [-286, 'Malformed: No Ripple direct is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_PARTIAL: [-285, 'Malformed: Partial payment is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_PATHS: [-284, 'Malformed: Paths are not allowed for XRP to XRP.'],
  temBAD_SEQUENCE: [-283, 'Malformed: Sequence is not in the past.'],
  temBAD_SIGNATURE: [-282, 'Malformed: Bad signature.'],
  temBAD_SRC_ACCOUNT: [-281, 'Malformed: Bad source account.'],
  temBAD_TRANSFER_RATE: [-280, 'Malformed: Transfer rate must be >= 1.0 and <= 2.0'],
  temDST_IS_SRC: [-279, 'Destination may not be source.'],
  temDST_NEEDED: [-278, 'Destination not specified.'],
  temINVALID: [-277, 'The transaction is ill-formed.'],
  temINVALID_FLAG: [-276, 'The transaction has an invalid flag.'],
  temREDUNDANT: [-275, 'The transaction is redundant.'],
  temRIPPLE_EMPTY: [-274, 'PathSet with no paths.'],
  temDISABLED: [-273, 'The transaction requires logic that is currently disabled.'],
  temUNKNOWN: [-264, 'The transaction requires logic that is not implemented yet.'],
  temSEQ_AND_TICKET: [-263, 'Transaction contains a TicketSequence and a non-zero Sequence.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ResultCode = keyof typeof RESULTS;

export const RESULT_CODES: Readonly<Record<ResultCode, { code: number; message: string }>> = Object.fromEntries(
  Object.entries(RESULTS).map(([name, [code, message]]) => [name, { code, message }]),
) as Record<ResultCode, { code: number; message: string }>;

export function isResultCode(name: string): name is ResultCode {
  return Object.hasOwn(RESULTS, name);
}

export function resultCodeNumber(name: ResultCode): number {
  return RESULTS[name][0];
}

/** rippled's human text for a result token (transHuman); '-' for unknown tokens, as rippled answers. */
export function rippleResultMessage(name: string): string {
  return isResultCode(name) ? RESULTS[name][1] : '-';
}

/** tes and tec results are applied to the ledger (tec only claims the fee); everything else changes nothing. */
export function isApplied(name: string): boolean {
  return name.startsWith('tes') || name.startsWith('tec');
}

/** Alias kept for callers that name the type this way. */
export type ResultName = ResultCode;

/** The three `submit` fields for a result. */
export function resultOf(name: ResultCode): {
  engine_result: ResultCode;
  engine_result_code: number;
  engine_result_message: string;
} {
  const [code, message] = RESULTS[name];
  return { engine_result: name, engine_result_code: code, engine_result_message: message };
}
