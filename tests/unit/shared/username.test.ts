import { describe, expect, it } from 'vitest';
import {
  checkUsername,
  isWalletAddressFormat,
  shortAddress,
  USERNAME_MESSAGES as M,
  usernameKey,
} from '../../../shared/domain/username';

describe('checkUsername', () => {
  it.each([
    ['', M.required],
    ['   ', M.required],
    ['ab', M.tooShort],
    [' ab ', M.tooShort],
    ['a'.repeat(30), M.tooLong],
    ['bad name', M.characters],
    ['dash-name', M.characters],
    ['émile', M.characters],
    ['Admin', M.reserved],
    ['NULL', M.reserved],
    ['undefined', M.reserved],
  ])('refuses %j with %j', (raw, message) => {
    expect(checkUsername(raw)).toEqual({ ok: false, message });
  });

  it.each([
    ['abc', 'abc'],
    ['  Jane_Doe99 ', 'Jane_Doe99'],
    ['a'.repeat(29), 'a'.repeat(29)],
    ['admins', 'admins'],
  ])('accepts %j as %j', (raw, username) => {
    expect(checkUsername(raw)).toEqual({ ok: true, username });
  });

  it('compares usernames without regard to case', () => {
    expect(usernameKey(' Jane_Doe ')).toBe(usernameKey('jane_doe'));
  });
});

describe('wallet address format', () => {
  it('wants r and 24 to 34 letters or digits after trimming', () => {
    expect(isWalletAddressFormat(' rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh ')).toBe(true);
    expect(isWalletAddressFormat('r' + 'a'.repeat(23))).toBe(false);
    expect(isWalletAddressFormat('r' + 'a'.repeat(35))).toBe(false);
    expect(isWalletAddressFormat('xHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(false);
  });

  it('shortens to the first 6 and last 4 characters', () => {
    expect(shortAddress('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe('rHb9CJ...tyTh');
  });
});
