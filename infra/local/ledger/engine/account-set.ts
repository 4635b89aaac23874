import { flagsOf } from './accounts';
import { ACCOUNT_FLAGS as LSF, ASF, TF_ACCOUNT_SET as TF, hasFlag } from './flags';
import { type Transactor, num, str } from './transactor';

/** asf values this engine models, with the account flag each one sets. */
const SUPPORTED: Record<number, number> = {
  [ASF.asfRequireDest]: LSF.lsfRequireDestTag,
  [ASF.asfDisallowXRP]: LSF.lsfDisallowXRP,
  [ASF.asfDisableMaster]: LSF.lsfDisableMaster,
  [ASF.asfDefaultRipple]: LSF.lsfDefaultRipple,
  [ASF.asfAllowTrustLineLocking]: LSF.lsfAllowTrustLineLocking,
};

/** Known asf values whose behaviour (auth, freezes, deposit auth, NFT, clawback...) is not modelled: refused. */
const UNSUPPORTED = new Set<number>([
  ASF.asfRequireAuth,
  ASF.asfAccountTxnID,
  ASF.asfNoFreeze,
  ASF.asfGlobalFreeze,
  ASF.asfDepositAuth,
  ASF.asfAuthorizedNFTokenMinter,
  ASF.asfDisallowIncomingNFTokenOffer,
  ASF.asfDisallowIncomingCheck,
  ASF.asfDisallowIncomingPayChan,
  ASF.asfDisallowIncomingTrustline,
  ASF.asfAllowTrustLineClawback,
]);

const MAX_DOMAIN_BYTES = 256;
const TRANSFER_RATE_PARITY = 1_000_000_000;

/** AccountSet: account flags (SetFlag / ClearFlag and the legacy tf flags), Domain, EmailHash, MessageKey. */
export const accountSet: Transactor = {
  allowedFlags:
    TF.tfRequireDestTag |
    TF.tfOptionalDestTag |
    TF.tfRequireAuth |
    TF.tfOptionalAuth |
    TF.tfDisallowXRP |
    TF.tfAllowXRP,

  preflight(tx) {
    const setFlag = num(tx, 'SetFlag');
    const clearFlag = num(tx, 'ClearFlag');
    if (setFlag !== undefined && setFlag === clearFlag) return 'temINVALID_FLAG';
    const pairs: [number, number, number][] = [
      [TF.tfRequireDestTag, TF.tfOptionalDestTag, ASF.asfRequireDest],
      [TF.tfDisallowXRP, TF.tfAllowXRP, ASF.asfDisallowXRP],
      [TF.tfRequireAuth, TF.tfOptionalAuth, ASF.asfRequireAuth],
    ];
    for (const [setTf, clearTf, asf] of pairs) {
      const set = hasFlag(tx.Flags, setTf) || setFlag === asf;
      const clear = hasFlag(tx.Flags, clearTf) || clearFlag === asf;
      if (set && clear) return 'temINVALID_FLAG';
    }
    if (hasFlag(tx.Flags, TF.tfRequireAuth | TF.tfOptionalAuth)) return 'temDISABLED';
    for (const flag of [setFlag, clearFlag]) if (flag !== undefined && UNSUPPORTED.has(flag)) return 'temDISABLED';

    const rate = num(tx, 'TransferRate');
    if (rate !== undefined && rate !== 0) {
      if (rate < TRANSFER_RATE_PARITY || rate > 2 * TRANSFER_RATE_PARITY) return 'temBAD_TRANSFER_RATE';
      if (rate !== TRANSFER_RATE_PARITY) return 'temDISABLED';
    }
    const tick = num(tx, 'TickSize');
    if (tick !== undefined && tick !== 0) return 'temDISABLED';
    if (tx.NFTokenMinter !== undefined || tx.WalletLocator !== undefined) return 'temDISABLED';
    const domain = str(tx, 'Domain');
    if (domain !== undefined && domain.length / 2 > MAX_DOMAIN_BYTES) return 'telBAD_DOMAIN';
    return undefined;
  },

  doApply(view, c) {
    const root = view.account(c.account)!;
    let flags = flagsOf(root);
    const setFlag = num(c.tx, 'SetFlag');
    const clearFlag = num(c.tx, 'ClearFlag');

    if (setFlag === ASF.asfDisableMaster && !(flags & LSF.lsfDisableMaster)) {
      if (!c.signedWithMaster) return 'tecNEED_MASTER_KEY';
      // Signer lists are not supported, so the regular key is the only alternative.
      if (root.RegularKey === undefined) return 'tecNO_ALTERNATIVE_KEY';
    }

    const txFlags = Number(c.tx.Flags ?? 0);
    const legacy: [number, number, number][] = [
      [TF.tfRequireDestTag, TF.tfOptionalDestTag, LSF.lsfRequireDestTag],
      [TF.tfDisallowXRP, TF.tfAllowXRP, LSF.lsfDisallowXRP],
    ];
    for (const [setTf, clearTf, lsf] of legacy) {
      if (hasFlag(txFlags, setTf)) flags |= lsf;
      if (hasFlag(txFlags, clearTf)) flags &= ~lsf;
    }
    if (setFlag !== undefined && SUPPORTED[setFlag] !== undefined) flags |= SUPPORTED[setFlag];
    if (clearFlag !== undefined && SUPPORTED[clearFlag] !== undefined) flags &= ~SUPPORTED[clearFlag];
    // Unknown asf values are ignored, as rippled ignores them.

    const fields: Record<string, unknown> = { Flags: flags >>> 0 };
    // An empty Domain / MessageKey or an all-zero EmailHash removes the field.
    const clears: [string, (v: string) => boolean][] = [
      ['Domain', (v) => v === ''],
      ['EmailHash', (v) => /^0+$/.test(v)],
      ['MessageKey', (v) => v === ''],
    ];
    for (const [field, isEmpty] of clears) {
      const value = str(c.tx, field);
      if (value !== undefined) fields[field] = isEmpty(value) ? undefined : value;
    }
    view.update(view.account(c.account)!, fields);
    return 'tesSUCCESS';
  },
};
