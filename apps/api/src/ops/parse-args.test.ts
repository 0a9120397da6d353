import { describe, expect, it } from 'vitest';
import { formatTable } from './format-table';
import { parseArgs, UsageError } from './parse-args';

const spec = {
  amount: { type: 'string', description: '', isRequired: true },
  reason: { type: 'string', description: '' },
  dry: { type: 'boolean', description: '' },
} as const;

describe('parseArgs', () => {
  it('reads --name value, --name=value, flags and positionals; -- ends the options', () => {
    expect(parseArgs(['ID', '--amount', '1.00', '--reason=a b', '--dry', '--', '--x'], spec)).toEqual({
      positionals: ['ID', '--x'],
      options: { amount: '1.00', reason: 'a b', dry: true },
    });
  });

  it('refuses unknown options, missing values and missing required options', () => {
    for (const words of [
      ['--amount', '1', '--nope'],
      ['--amount'],
      ['--amount', '--reason', 'x'],
      ['--reason', 'x'],
      ['--amount', '1', '--dry=yes'],
    ]) {
      expect(() => parseArgs(words, spec), words.join(' ')).toThrow(UsageError);
    }
  });
});

describe('formatTable', () => {
  it('pads text left and numbers right, without trailing spaces', () => {
    const lines = formatTable(
      [
        { header: 'NAME', value: (r: { name: string; amount: string }) => r.name },
        { header: 'AMOUNT', value: (r) => r.amount, isNumeric: true },
      ],
      [
        { name: 'amy', amount: '1.00' },
        { name: 'bartholomew', amount: '1250.00' },
      ],
    );
    expect(lines).toEqual(['NAME          AMOUNT', 'amy             1.00', 'bartholomew  1250.00']);
  });

  it('lines up Lao and Thai text by what the terminal shows, not by code units', () => {
    // ໂປຣໂມຊັນ has 8 code units but one is a combining vowel: 7 columns wide.
    const lines = formatTable(
      [
        { header: 'TITLE', value: (r: { title: string; n: string }) => r.title },
        { header: 'N', value: (r) => r.n },
      ],
      [
        { title: 'ໂປຣໂມຊັນ', n: '1' },
        { title: 'abcdefg', n: '2' },
      ],
    );
    expect(lines).toEqual(['TITLE    N', 'ໂປຣໂມຊັນ  1', 'abcdefg  2']);
  });
});
