/**
 * The transaction results the stand-in produces, with rippled's numbers (they appear in metadata and `submit`
 * answers) and its messages. tes/tec are applied (a tec charges the fee and uses the sequence); tem/tef/ter/tel
 * change nothing.
 */
export const RESULTS = {
  tesSUCCESS: [0, 'The transaction was applied. Only final in a validated ledger.'],
  tecUNFUNDED_PAYMENT: [104, 'Insufficient XRP balance to send.'],
  tecNO_DST: [124, 'Destination does not exist. Send XRP to create it.'],
  tecNO_DST_INSUF_XRP: [125, 'Destination does not exist. Too little XRP sent to create it.'],
  tecPATH_DRY: [128, 'Path could not send partial amount.'],
  tecUNFUNDED: [129, 'Not enough XRP to satisfy the reserve requirement.'],
  tecNO_ALTERNATIVE_KEY: [130, 'The operation would remove the ability to sign transactions with the account.'],
  tecNO_ISSUER: [133, 'Issuer account does not exist.'],
  tecNO_LINE: [135, 'No such line.'],
  tecNO_TARGET: [138, 'Target of transaction does not exist.'],
  tecNO_PERMISSION: [139, 'No permission to perform requested operation.'],
  tecINSUFFICIENT_RESERVE: [141, 'Insufficient reserve to complete requested operation.'],
  tecDST_TAG_NEEDED: [143, 'A destination tag is required.'],
  tecCRYPTOCONDITION_ERROR: [146, 'Malformed or incorrect cryptocondition.'],
  temMALFORMED: [-299, 'Malformed transaction.'],
  temBAD_AMOUNT: [-298, 'Can only send positive amounts.'],
  temBAD_EXPIRATION: [-296, 'Malformed: Bad expiration.'],
  temBAD_FEE: [-295, 'Invalid fee, negative or not XRP.'],
  temBAD_SIGNATURE: [-282, 'Malformed: Bad signature.'],
  tefFAILURE: [-199, 'Failed to apply.'],
  tefPAST_SEQ: [-190, 'This sequence number has already passed.'],
  tefMAX_LEDGER: [-187, 'Ledger sequence too high.'],
  tefBAD_AUTH: [-196, "Transaction's public key is not authorized."],
  tefMASTER_DISABLED: [-188, 'Master key is disabled.'],
  terNO_ACCOUNT: [-96, 'The source account does not exist.'],
  terPRE_SEQ: [-92, 'Missing/inapplicable prior transaction.'],
  telINSUF_FEE_P: [-394, 'Fee insufficient.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ResultName = keyof typeof RESULTS;

/** Whether a result puts the transaction in the ledger. */
export function isApplied(name: ResultName): boolean {
  return name.startsWith('tes') || name.startsWith('tec');
}

export function resultOf(name: ResultName) {
  const [code, message] = RESULTS[name];
  return { engine_result: name, engine_result_code: code, engine_result_message: message };
}
