import { isValidClassicAddress } from 'xrpl';
import { flagsOf } from './accounts';
import { ACCOUNT_FLAGS } from './flags';
import { type Transactor, str } from './transactor';

/** SetRegularKey: sets or removes the account's regular key. */
export const setRegularKey: Transactor = {
  allowedFlags: 0,

  preflight(tx) {
    const key = str(tx, 'RegularKey');
    if (key !== undefined && !isValidClassicAddress(key)) return 'temMALFORMED';
    // fixMasterKeyAsRegularKey: the master key cannot double as the regular key.
    if (key === tx.Account) return 'temBAD_REGKEY';
    return undefined;
  },

  doApply(view, c) {
    const root = view.account(c.account)!;
    const key = str(c.tx, 'RegularKey');
    if (key === undefined && flagsOf(root) & ACCOUNT_FLAGS.lsfDisableMaster) return 'tecNO_ALTERNATIVE_KEY';
    view.update(root, { RegularKey: key });
    return 'tesSUCCESS';
  },
};
