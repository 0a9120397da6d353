import { describe, expect, it } from 'vitest';
import { classifySandboxAccount } from './classify-account';

describe('classifySandboxAccount', () => {
  it.each([
    ['1234567890', 'PERSONAL'],
    ['123456789012345678', 'PERSONAL'],
    ['0101234567890', 'PERSONAL'], // one or two leading zeros are ordinary numbers
    ['0001234567', 'NOT_FOUND'],
    ['9991234567', 'WALLET'],
    ['9981234567', 'SIMULATED'],
    ['9971234567', 'PERSONAL'],
    ['123456789', 'NOT_FOUND'], // 9 digits: not well-formed
    ['1234567890123456789', 'NOT_FOUND'], // 19 digits
    ['12345abcde', 'NOT_FOUND'],
    ['999-1234567', 'NOT_FOUND'], // the directory gets normalized numbers only
  ])('%s → %s', (accountNumber, status) => {
    expect(classifySandboxAccount(accountNumber)).toEqual({ status, accountName: null });
  });
});
