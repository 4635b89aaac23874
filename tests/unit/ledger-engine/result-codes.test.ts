import { describe, expect, it } from 'vitest';
import { isApplied, resultOf } from '../../../infra/local/ledger/engine/result-codes';

describe('result codes', () => {
  it("uses rippled's numbers, which metadata and submit answers carry", () => {
    expect(resultOf('tecUNFUNDED_PAYMENT').engine_result_code).toBe(104);
    expect(resultOf('tecCRYPTOCONDITION_ERROR').engine_result_code).toBe(146);
    expect(resultOf('temBAD_SIGNATURE').engine_result_code).toBe(-282);
    expect(resultOf('tefMAX_LEDGER').engine_result_code).toBe(-187);
    expect(resultOf('terPRE_SEQ').engine_result_code).toBe(-92);
  });

  it('applies tes and tec only', () => {
    expect(isApplied('tesSUCCESS')).toBe(true);
    expect(isApplied('tecNO_LINE')).toBe(true);
    expect(isApplied('temMALFORMED')).toBe(false);
    expect(isApplied('tefPAST_SEQ')).toBe(false);
    expect(isApplied('terPRE_SEQ')).toBe(false);
  });
});
