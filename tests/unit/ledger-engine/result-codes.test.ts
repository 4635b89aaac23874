import { describe, expect, it } from 'vitest';
import definitions from 'ripple-binary-codec/dist/enums/definitions.json';
import {
  RESULT_CODES,
  isApplied,
  resultOf,
  rippleResultMessage,
} from '../../../infra/local/ledger/engine/result-codes';

describe('result codes', () => {
  it("uses rippled's numbers, which metadata and submit answers carry", () => {
    expect(resultOf('tecUNFUNDED_PAYMENT').engine_result_code).toBe(104);
    expect(resultOf('tecCRYPTOCONDITION_ERROR').engine_result_code).toBe(146);
    expect(resultOf('temMALFORMED').engine_result_code).toBe(-299);
    expect(resultOf('temBAD_SIGNATURE').engine_result_code).toBe(-282);
    expect(resultOf('tefPAST_SEQ').engine_result_code).toBe(-190);
    expect(resultOf('tefMAX_LEDGER').engine_result_code).toBe(-187);
    expect(resultOf('terPRE_SEQ').engine_result_code).toBe(-92);
  });

  it('agrees with every number in the binary codec definitions (which rippled generates)', () => {
    const codec = (definitions as { TRANSACTION_RESULTS: Record<string, number> }).TRANSACTION_RESULTS;
    for (const [name, { code }] of Object.entries(RESULT_CODES)) expect([name, codec[name]]).toEqual([name, code]);
  });

  it("carries rippled's messages", () => {
    expect(rippleResultMessage('tesSUCCESS')).toBe('The transaction was applied. Only final in a validated ledger.');
    expect(rippleResultMessage('tecNO_DST_INSUF_XRP')).toBe(
      'Destination does not exist. Too little XRP sent to create it.',
    );
    expect(rippleResultMessage('tefBAD_AUTH')).toBe("Transaction's public key is not authorized.");
    expect(rippleResultMessage('nonsense')).toBe('-');
  });

  it('applies tes and tec only', () => {
    expect(isApplied('tesSUCCESS')).toBe(true);
    expect(isApplied('tecNO_LINE')).toBe(true);
    expect(isApplied('temMALFORMED')).toBe(false);
    expect(isApplied('tefPAST_SEQ')).toBe(false);
    expect(isApplied('terPRE_SEQ')).toBe(false);
    expect(isApplied('telINSUF_FEE_P')).toBe(false);
  });
});
