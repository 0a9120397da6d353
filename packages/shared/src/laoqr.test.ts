import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLaoQr, crc16ccitt, LaoQrError, type LaoQrInput, parseLaoQr, parseTlv } from './laoqr';
import { BANK_IIN, BANKS } from './providers';

// A real payload from an LVB app (quality.md): note the empty tag 59 and the tag 52 we never emit.
const LVB =
  '00020101021238510016A00526628466257701087005041802030020308055013_15204533153034185405100005802LA' +
  '59006009Vientiane62590113EPAY12411297402121122334455660518TTHD2309260021858306006304F703';

const EXAMPLE: LaoQrInput = {
  bank: 'bcel',
  accountNumber: '0101000123456789',
  amountLak: 150000n,
  merchantName: 'LAOCREDIT',
  merchantCity: 'Vientiane',
  billNumber: 'D2611210001AB',
};

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof LaoQrError) return error.code;
    throw error;
  }
  return undefined;
}

describe('crc16ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
    expect(crc16ccitt('')).toBe('FFFF');
  });

  it('pads to four upper-case hex digits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(crc16ccitt(text)).toMatch(/^[0-9A-F]{4}$/);
      }),
    );
  });
});

describe('parseLaoQr on a real LVB payload', () => {
  it('verifies its CRC as F703', () => {
    expect(crc16ccitt(LVB.slice(0, -4))).toBe('F703');
    expect(parseLaoQr(LVB).crcValid).toBe(true);
  });

  it('reads every field, including the zero-length tag 59', () => {
    const parsed = parseLaoQr(LVB);
    expect(parsed.fields.map((field) => field.id)).toEqual([
      '00',
      '01',
      '38',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(parsed).toMatchObject({
      amount: 10000n,
      currency: '418',
      iin: '70050418',
      bank: 'lvb',
      account: '055013_1',
      billNumber: 'EPAY124112974',
      merchantName: '',
      merchantCity: 'Vientiane',
    });
    expect(parseTlv(parsed.fields[2]?.value ?? '')).toEqual([
      { id: '00', value: 'A005266284662577' },
      { id: '01', value: '70050418' },
      { id: '02', value: '002' },
      { id: '03', value: '055013_1' },
    ]);
  });

  it('sees a tampered amount through the CRC', () => {
    expect(parseLaoQr(LVB.replace('540510000', '540590000')).crcValid).toBe(false);
  });
});

describe('buildLaoQr', () => {
  it('emits the tags of domain.md in order, with the CRC an independent CRC tool gives (Python crc_hqx)', () => {
    expect(buildLaoQr(EXAMPLE)).toBe(
      '000201' +
        '010212' +
        '3859' +
        '0016A005266284662577' +
        '010827710418' +
        '0203001' +
        '03160101000123456789' +
        '5303418' +
        '5406150000' +
        '5802LA' +
        '5909LAOCREDIT' +
        '6009Vientiane' +
        '6217' +
        '0113D2611210001AB' +
        '63043944',
    );
  });

  it('puts each bank’s IIN in tag 38', () => {
    for (const bank of BANKS) {
      expect(parseLaoQr(buildLaoQr({ ...EXAMPLE, bank })).iin).toBe(BANK_IIN[bank]);
    }
  });

  it.each([
    ['a 26-character merchant name', { merchantName: 'A'.repeat(26) }, 'INVALID_VALUE'],
    ['an empty merchant name', { merchantName: '' }, 'INVALID_VALUE'],
    ['a 16-character city', { merchantCity: 'C'.repeat(16) }, 'INVALID_VALUE'],
    ['a 26-character bill number', { billNumber: 'B'.repeat(26) }, 'INVALID_VALUE'],
    ['an account that overflows tag 38', { accountNumber: '1'.repeat(57) }, 'INVALID_VALUE'],
    ['a Lao merchant name', { merchantName: 'ລາວ' }, 'INVALID_CHARACTERS'],
    ['a city with a newline', { merchantCity: 'Vientiane\n' }, 'INVALID_CHARACTERS'],
    ['an amount of zero', { amountLak: 0n }, 'INVALID_AMOUNT'],
    ['a negative amount', { amountLak: -5n }, 'INVALID_AMOUNT'],
    ['a 14-digit amount', { amountLak: 10n ** 13n }, 'INVALID_AMOUNT'],
    ['an unknown bank', { bank: 'citibank' as never }, 'INVALID_VALUE'],
  ])('refuses %s', (_label, change, code) => {
    expect(codeOf(() => buildLaoQr({ ...EXAMPLE, ...change }))).toBe(code);
  });

  it('accepts the longest values EMVCo allows', () => {
    const input = {
      ...EXAMPLE,
      accountNumber: '1'.repeat(56),
      merchantName: 'N'.repeat(25),
      merchantCity: 'C'.repeat(15),
      billNumber: 'B'.repeat(25),
      amountLak: 10n ** 13n - 1n,
    };
    expect(parseLaoQr(buildLaoQr(input))).toMatchObject({ crcValid: true, account: input.accountNumber });
  });
});

const inputArb: fc.Arbitrary<LaoQrInput> = fc.record({
  bank: fc.constantFrom(...BANKS),
  accountNumber: fc.stringMatching(/^\d{10,18}$/),
  amountLak: fc.bigInt({ min: 1n, max: 20_000_000n }),
  merchantName: fc.stringMatching(/^[\x20-\x7E]{1,25}$/),
  merchantCity: fc.stringMatching(/^[\x20-\x7E]{1,15}$/),
  billNumber: fc.stringMatching(/^D\d{10}[A-Z]{2}$/),
});

describe('build → parse', () => {
  it('round-trips every field and verifies the CRC', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const parsed = parseLaoQr(buildLaoQr(input));
        expect(parsed).toMatchObject({
          crcValid: true,
          amount: input.amountLak,
          currency: '418',
          bank: input.bank,
          iin: BANK_IIN[input.bank],
          account: input.accountNumber,
          billNumber: input.billNumber,
          merchantName: input.merchantName,
          merchantCity: input.merchantCity,
        });
      }),
    );
  });

  it('notices any single changed character: the CRC fails or the TLV no longer parses', () => {
    const flipArb = inputArb.chain((input) => {
      const payload = buildLaoQr(input);
      return fc.record({
        payload: fc.constant(payload),
        at: fc.nat({ max: payload.length - 1 }),
        char: fc.stringMatching(/^[\x20-\x7E]$/),
      });
    });
    fc.assert(
      fc.property(flipArb, ({ payload, at, char }) => {
        // A case change inside the CRC is the same hex number, so it is not a change.
        fc.pre(char.toUpperCase() !== payload.charAt(at).toUpperCase());
        const tampered = payload.slice(0, at) + char + payload.slice(at + 1);
        let isRejected: boolean;
        try {
          isRejected = !parseLaoQr(tampered).crcValid;
        } catch (error) {
          isRejected = error instanceof LaoQrError;
        }
        expect(isRejected, tampered).toBe(true);
      }),
    );
  });
});

describe('parseTlv and parseLaoQr on malformed input', () => {
  it('parses nested and empty values', () => {
    expect(parseTlv('')).toEqual([]);
    expect(parseTlv('00000102ab')).toEqual([
      { id: '00', value: '' },
      { id: '01', value: 'ab' },
    ]);
  });

  it.each([
    ['a non-numeric id', 'AB02xx'],
    ['a non-numeric length', '00x201'],
    ['a truncated header', '000201010'],
    ['a value running past the end', '000201010512'],
  ])('refuses %s', (_label, text) => {
    expect(codeOf(() => parseTlv(text))).toBe('MALFORMED_TLV');
    expect(codeOf(() => parseLaoQr(text))).toBe('MALFORMED_TLV');
  });

  it('refuses a payload that is not EMVCo or has no CRC', () => {
    expect(codeOf(() => parseLaoQr(''))).toBe('NOT_EMVCO');
    expect(codeOf(() => parseLaoQr('0002026304ABCD'))).toBe('NOT_EMVCO');
    expect(codeOf(() => parseLaoQr(LVB.slice(0, -8)))).toBe('MISSING_CRC');
    expect(codeOf(() => parseLaoQr(`${LVB.slice(0, -8)}6303F70`))).toBe('MISSING_CRC');
  });

  it('refuses an amount with a non-zero fraction of a kip, and accepts a zero one', () => {
    const withAmount = (amount: string) => {
      const body = `00020101021254${amount.length.toString().padStart(2, '0')}${amount}6304`;
      return body + crc16ccitt(body);
    };
    expect(parseLaoQr(withAmount('10000.00')).amount).toBe(10000n);
    expect(codeOf(() => parseLaoQr(withAmount('10000.50')))).toBe('INVALID_AMOUNT');
    expect(codeOf(() => parseLaoQr(withAmount('-5')))).toBe('INVALID_AMOUNT');
  });

  it('counts lengths in characters and computes the CRC over UTF-8 bytes', () => {
    const body = '0002015903ລາວ6304';
    const parsed = parseLaoQr(body + crc16ccitt(body));
    expect(parsed).toMatchObject({ merchantName: 'ລາວ', crcValid: true });
    // Python: binascii.crc_hqx(text.encode(), 0xFFFF) for 3-, 2- and 4-byte UTF-8 characters
    expect(crc16ccitt('ລາວ')).toBe('A287');
    expect(crc16ccitt('Café')).toBe('8FDF');
    expect(crc16ccitt('😀')).toBe('4F4F');
  });
});
