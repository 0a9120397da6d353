import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDepositLaoQr,
  buildLaoQr,
  crc16ccitt,
  type LaoQrData,
  LaoQrError,
  parseLaoQr,
  parseTlv,
  type TlvField,
} from './laoqr';
import { BANK_IIN, BANKS } from './providers';

// Real payloads as Lao banks issue them (issue #18). LVB: a merchant id as receiver, MCC 5331, an empty tag 59,
// and 62 carrying 01 bill id, 02, 05 reference and an empty 06.
const LVB =
  '00020101021238510016A00526628466257701087005041802030020308055013_15204533153034185405100005802LA' +
  '59006009Vientiane62590113EPAY12411297402121122334455660518TTHD2309260021858306006304F703';
// JDB (UAT): an opaque 25-character receiver token, a merchant name, and all of 62's subtags 01–09.
const JDB =
  '00020101021238680016A005266284662577010832170418020300203259YBH6W1OMFDJ1EIQMU6XP5X5U5204525153034185405' +
  '200005802LA5910LaoLottery6009Vientiane62660112JDB547885468020100301004010050100603NCC07091213121210801009' +
  '0106304A8D6';
// LDB: payment type 001 (merchant), an amount with decimals, no tag 59, and 62 with only subtag 08.
const LDB =
  '00020101021238680016A00526628466257701087003041802030010325LRV25288QOSY68AFCZJ7PUE1V520448295303418540815' +
  '000.005802LA6009Vientiane62160812test_dynamic63040B1B';

const DEPOSIT = {
  iin: BANK_IIN.bcel,
  receiverId: 'LCDEMO_1',
  mcc: '5816',
  merchantName: 'LAOCREDIT',
  merchantCity: 'Vientiane',
  amountLak: 150000n,
  billId: 'D2611210001AB',
  reference: 'D2611210001AB',
};
type DepositQrInput = Parameters<typeof buildDepositLaoQr>[0];

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof LaoQrError) return error.code;
    throw error;
  }
  return undefined;
}

/** `body` (ending in `6304`) with its CRC appended, so a test can change a payload and keep it valid. */
const withCrc = (body: string) => body + crc16ccitt(body);
/** A valid payload whose top-level tags are `middle` in place of everything between 01 and 63. */
const payloadWith = (middle: string) => withCrc(`000201010212${middle}6304`);
const ACCOUNT = '38510016A00526628466257701087005041802030020308055013_1';

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

  it('computes over UTF-8 bytes (Python binascii.crc_hqx(text.encode(), 0xFFFF))', () => {
    expect(crc16ccitt('ລາວ')).toBe('A287');
    expect(crc16ccitt('Café')).toBe('8FDF');
    expect(crc16ccitt('😀')).toBe('4F4F');
  });
});

describe.each([
  {
    name: 'LVB',
    payload: LVB,
    crc: 'F703',
    expected: {
      bank: 'lvb',
      iin: '70050418',
      paymentType: '002',
      receiverId: '055013_1',
      mcc: '5331',
      amount: 10000n,
      billId: 'EPAY124112974',
      reference: 'TTHD23092600218583',
      merchantName: '',
      merchantCity: 'Vientiane',
    },
  },
  {
    name: 'JDB',
    payload: JDB,
    crc: 'A8D6',
    expected: {
      bank: 'jdb',
      iin: '32170418',
      paymentType: '002',
      receiverId: '9YBH6W1OMFDJ1EIQMU6XP5X5U',
      mcc: '5251',
      amount: 20000n,
      billId: 'JDB547885468',
      reference: '0',
      merchantName: 'LaoLottery',
      merchantCity: 'Vientiane',
    },
  },
  {
    name: 'LDB',
    payload: LDB,
    crc: '0B1B',
    expected: {
      bank: 'ldb',
      iin: '70030418',
      paymentType: '001',
      receiverId: 'LRV25288QOSY68AFCZJ7PUE1V',
      mcc: '4829',
      amount: 15000n,
      billId: undefined,
      reference: undefined,
      merchantName: undefined,
      merchantCity: 'Vientiane',
    },
  },
])('a real $name payload', ({ payload, crc, expected }) => {
  it(`verifies its CRC as ${crc} and reads the fields a bank needs`, () => {
    expect(crc16ccitt(payload.slice(0, -4))).toBe(crc);
    const parsed = parseLaoQr(payload);
    expect(parsed).toMatchObject({ crcValid: true, pointOfInitiation: '12', currency: '418' });
    expect({
      bank: parsed.bank,
      iin: parsed.iin,
      paymentType: parsed.paymentType,
      receiverId: parsed.receiverId,
      mcc: parsed.mcc,
      amount: parsed.amount,
      billId: parsed.billId,
      reference: parsed.reference,
      merchantName: parsed.merchantName,
      merchantCity: parsed.merchantCity,
    }).toStrictEqual(expected);
  });

  it('builds back from its data byte for byte, CRC included', () => {
    expect(buildLaoQr(parseLaoQr(payload).data)).toBe(payload);
  });

  it('sees a tampered amount through the CRC', () => {
    const tampered = payload.replace(/54(\d\d)[12]/, '54$19');
    expect(tampered).not.toBe(payload);
    expect(parseLaoQr(tampered).crcValid).toBe(false);
  });
});

describe('parseLaoQr on the LVB payload', () => {
  it('gives the structured data, keeping the amount as carried and 62’s other subtags in order', () => {
    expect(parseLaoQr(LVB).data).toStrictEqual({
      pointOfInitiation: '12',
      merchantAccount: { iin: '70050418', paymentType: '002', receiverId: '055013_1' },
      mcc: '5331',
      currency: '418',
      amount: '10000',
      countryCode: 'LA',
      merchantName: '',
      merchantCity: 'Vientiane',
      additionalData: [
        { id: '01', value: 'EPAY124112974' },
        { id: '02', value: '112233445566' },
        { id: '05', value: 'TTHD23092600218583' },
        { id: '06', value: '' },
      ],
    });
  });

  it('leaves absent optional fields undefined (LDB: no 59)', () => {
    const { data } = parseLaoQr(LDB);
    expect(Object.hasOwn(data, 'merchantName')).toBe(false);
    expect(data.amount).toBe('15000.00');
    expect(data.additionalData).toEqual([{ id: '08', value: 'test_dynamic' }]);
  });

  it('lists every top-level field in order, including the zero-length tag 59', () => {
    expect(parseLaoQr(LVB).fields.map((field) => field.id)).toEqual([
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
  });
});

describe('buildDepositLaoQr', () => {
  it('emits the tags of domain.md in order, with the CRC an independent CRC tool gives (Python crc_hqx)', () => {
    expect(buildDepositLaoQr(DEPOSIT)).toBe(
      '000201' +
        '010212' +
        '3851' +
        '0016A005266284662577' +
        '010827710418' +
        '0203002' +
        '0308LCDEMO_1' +
        '52045816' +
        '5303418' +
        '5406150000' +
        '5802LA' +
        '5909LAOCREDIT' +
        '6009Vientiane' +
        '6234' +
        '0113D2611210001AB' +
        '0513D2611210001AB' +
        '6304A23C',
    );
  });

  it('carries the MCC in 52, payment type 002 in 38/02, the bill id in 62/01 and the reference in 62/05', () => {
    const parsed = parseLaoQr(
      buildDepositLaoQr({ ...DEPOSIT, billId: 'BILL-7', reference: 'D2611210002CD' }),
    );
    expect(parsed).toMatchObject({
      crcValid: true,
      pointOfInitiation: '12',
      mcc: '5816',
      paymentType: '002',
      receiverId: 'LCDEMO_1',
      billId: 'BILL-7',
      reference: 'D2611210002CD',
    });
    expect(parsed.data.additionalData).toEqual([
      { id: '01', value: 'BILL-7' },
      { id: '05', value: 'D2611210002CD' },
    ]);
  });

  it('puts each bank’s IIN in tag 38', () => {
    for (const bank of BANKS) {
      const parsed = parseLaoQr(buildDepositLaoQr({ ...DEPOSIT, iin: BANK_IIN[bank] }));
      expect([parsed.iin, parsed.bank]).toEqual([BANK_IIN[bank], bank]);
    }
  });

  it.each<[string, Partial<DepositQrInput>, string]>([
    ['a 26-character merchant name', { merchantName: 'A'.repeat(26) }, 'INVALID_VALUE'],
    ['an empty merchant name', { merchantName: '' }, 'INVALID_VALUE'],
    ['a 16-character city', { merchantCity: 'C'.repeat(16) }, 'INVALID_VALUE'],
    ['an empty city', { merchantCity: '' }, 'INVALID_VALUE'],
    ['a 26-character bill id', { billId: 'B'.repeat(26) }, 'INVALID_VALUE'],
    ['an empty bill id', { billId: '' }, 'INVALID_VALUE'],
    ['a 26-character reference', { reference: 'R'.repeat(26) }, 'INVALID_VALUE'],
    ['an empty reference', { reference: '' }, 'INVALID_VALUE'],
    ['a receiver id that overflows tag 38', { receiverId: '1'.repeat(57) }, 'INVALID_VALUE'],
    ['an empty receiver id', { receiverId: '' }, 'INVALID_VALUE'],
    ['a receiver id with a tab', { receiverId: 'IDB-1\t-M' }, 'INVALID_CHARACTERS'],
    ['a Lao merchant name', { merchantName: 'ລາວ' }, 'INVALID_CHARACTERS'],
    ['a city with a newline', { merchantCity: 'Vientiane\n' }, 'INVALID_CHARACTERS'],
    ['a 7-digit IIN', { iin: '2771041' }, 'INVALID_VALUE'],
    ['an IIN with a letter', { iin: '2771041A' }, 'INVALID_VALUE'],
    ['a 3-digit MCC', { mcc: '581' }, 'INVALID_VALUE'],
    ['a 5-digit MCC', { mcc: '58160' }, 'INVALID_VALUE'],
    ['an amount of zero', { amountLak: 0n }, 'INVALID_AMOUNT'],
    ['a negative amount', { amountLak: -5n }, 'INVALID_AMOUNT'],
    ['a 14-digit amount', { amountLak: 10n ** 13n }, 'INVALID_AMOUNT'],
  ])('refuses %s', (_label, change, code) => {
    expect(codeOf(() => buildDepositLaoQr({ ...DEPOSIT, ...change }))).toBe(code);
  });

  it('accepts the longest values EMVCo allows', () => {
    const input = {
      ...DEPOSIT,
      receiverId: 'R'.repeat(56),
      merchantName: 'N'.repeat(25),
      merchantCity: 'C'.repeat(15),
      billId: 'B'.repeat(25),
      reference: 'F'.repeat(25),
      amountLak: 10n ** 13n - 1n,
    };
    expect(parseLaoQr(buildDepositLaoQr(input))).toMatchObject({
      crcValid: true,
      receiverId: input.receiverId,
      amount: input.amountLak,
      billId: input.billId,
      reference: input.reference,
    });
  });
});

describe('buildLaoQr', () => {
  const base = parseLaoQr(LVB).data;

  it.each<[string, Partial<LaoQrData>, string]>([
    ['a point of initiation other than 11 or 12', { pointOfInitiation: '13' as '12' }, 'INVALID_VALUE'],
    [
      'a 2-digit payment type',
      { merchantAccount: { iin: '70050418', paymentType: '02', receiverId: '055013_1' } },
      'INVALID_VALUE',
    ],
    ['a 2-digit currency', { currency: '41' }, 'INVALID_VALUE'],
    ['a lower-case country', { countryCode: 'la' }, 'INVALID_VALUE'],
    ['an amount of zero', { amount: '0' }, 'INVALID_AMOUNT'],
    ['an amount of zero with decimals', { amount: '0.00' }, 'INVALID_AMOUNT'],
    ['a fraction of a kip', { amount: '150.50' }, 'INVALID_AMOUNT'],
    ['a bare decimal point', { amount: '150.' }, 'INVALID_AMOUNT'],
    ['a negative amount', { amount: '-5' }, 'INVALID_AMOUNT'],
    ['a 14-character amount', { amount: '1234567890.000' }, 'INVALID_AMOUNT'],
    ['an empty amount', { amount: '' }, 'INVALID_AMOUNT'],
    ['subtag 00 in 62', { additionalData: [{ id: '00', value: 'x' }] }, 'INVALID_VALUE'],
    ['subtag 10 in 62', { additionalData: [{ id: '10', value: 'x' }] }, 'INVALID_VALUE'],
    ['a 3-character subtag id', { additionalData: [{ id: '001', value: 'x' }] }, 'INVALID_VALUE'],
    ['a 26-character subtag', { additionalData: [{ id: '05', value: 'R'.repeat(26) }] }, 'INVALID_VALUE'],
    [
      'a subtag with a non-ASCII value',
      { additionalData: [{ id: '05', value: 'ລາວ' }] },
      'INVALID_CHARACTERS',
    ],
    [
      'two bill ids',
      {
        additionalData: [
          { id: '01', value: 'A' },
          { id: '01', value: 'B' },
        ],
      },
      'INVALID_VALUE',
    ],
    [
      'additional data that overflows tag 62',
      { additionalData: ['01', '02', '03', '04'].map((id) => ({ id, value: 'V'.repeat(25) })) },
      'INVALID_VALUE',
    ],
  ])('refuses %s', (_label, change, code) => {
    expect(codeOf(() => buildLaoQr({ ...base, ...change }))).toBe(code);
  });

  it('omits the optional tags that are undefined and keeps empty ones', () => {
    const payload = buildLaoQr({
      pointOfInitiation: '11',
      merchantAccount: { iin: '70050418', paymentType: '001', receiverId: 'IDB-0101-M' },
      currency: '418',
      countryCode: 'LA',
      merchantName: '',
    });
    expect(payload.slice(0, -4)).toBe(
      '000201' +
        '010211' +
        '3853' +
        '0016A005266284662577' +
        '010870050418' +
        '0203001' +
        '0310IDB-0101-M' +
        '5303418' +
        '5802LA' +
        '5900' +
        '6304',
    );
    expect(parseLaoQr(payload).crcValid).toBe(true);
  });
});

// Receiver ids in every form banks issue: opaque tokens, merchant ids, wrapped accounts, anything printable.
const receiverIdArb = fc.oneof(
  fc.stringMatching(/^[0-9A-Z]{25}$/),
  fc.stringMatching(/^\d{6}_\d$/),
  fc.stringMatching(/^IDB-\d{10,18}-M$/),
  fc.stringMatching(/^[\x20-\x7E]{1,56}$/),
);
const iinArb = fc.oneof(fc.constantFrom(...Object.values(BANK_IIN)), fc.stringMatching(/^\d{8}$/));
const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7E]{0,${max}}$`));
const amountArb = fc.oneof(
  fc.bigInt({ min: 1n, max: 10n ** 13n - 1n }).map(String),
  fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 9n - 1n }), fc.constantFrom('.0', '.00', '.000'))
    .map(([whole, fraction]) => `${whole}${fraction}`),
);
const additionalDataArb: fc.Arbitrary<TlvField[]> = fc
  .uniqueArray(
    fc.record(
      { id: fc.constantFrom('01', '02', '03', '04', '05', '06', '07', '08', '09'), value: printable(25) },
      { noNullPrototype: true },
    ),
    { selector: (field) => field.id, maxLength: 9 },
  )
  .filter((fields) => fields.reduce((sum, field) => sum + 4 + field.value.length, 0) <= 99);

const depositArb: fc.Arbitrary<DepositQrInput> = fc.record({
  iin: iinArb,
  receiverId: receiverIdArb,
  mcc: fc.stringMatching(/^\d{4}$/),
  merchantName: fc.stringMatching(/^[\x20-\x7E]{1,25}$/),
  merchantCity: fc.stringMatching(/^[\x20-\x7E]{1,15}$/),
  amountLak: fc.bigInt({ min: 1n, max: 10n ** 13n - 1n }),
  billId: fc.stringMatching(/^[\x20-\x7E]{1,25}$/),
  reference: fc.stringMatching(/^D\d{10}[A-Z]{2}$/),
});

const dataArb: fc.Arbitrary<LaoQrData> = fc.record(
  {
    pointOfInitiation: fc.constantFrom('11' as const, '12' as const),
    merchantAccount: fc.record(
      {
        iin: iinArb,
        paymentType: fc.oneof(fc.constantFrom('001', '002'), fc.stringMatching(/^\d{3}$/)),
        receiverId: receiverIdArb,
      },
      { noNullPrototype: true },
    ),
    mcc: fc.stringMatching(/^\d{4}$/),
    currency: fc.oneof(fc.constant('418'), fc.stringMatching(/^\d{3}$/)),
    amount: amountArb,
    countryCode: fc.oneof(fc.constant('LA'), fc.stringMatching(/^[A-Z]{2}$/)),
    merchantName: printable(25),
    merchantCity: printable(15),
    additionalData: additionalDataArb,
  },
  {
    requiredKeys: ['pointOfInitiation', 'merchantAccount', 'currency', 'countryCode'],
    noNullPrototype: true,
  },
);

describe('build → parse', () => {
  it('round-trips every field of a deposit QR and verifies the CRC', () => {
    fc.assert(
      fc.property(depositArb, (input) => {
        const parsed = parseLaoQr(buildDepositLaoQr(input));
        expect(parsed).toMatchObject({
          crcValid: true,
          pointOfInitiation: '12',
          amount: input.amountLak,
          currency: '418',
          iin: input.iin,
          paymentType: '002',
          receiverId: input.receiverId,
          mcc: input.mcc,
          billId: input.billId,
          reference: input.reference,
          merchantName: input.merchantName,
          merchantCity: input.merchantCity,
        });
        expect(parsed.bank).toBe(BANKS.find((bank) => BANK_IIN[bank] === input.iin));
      }),
    );
  });

  it('round-trips any LaoQrData: parse gives the same data, and building it again the same payload', () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const payload = buildLaoQr(data);
        const parsed = parseLaoQr(payload);
        expect(parsed.crcValid).toBe(true);
        expect(parsed.data).toStrictEqual(data);
        expect(buildLaoQr(parsed.data)).toBe(payload);
      }),
    );
  });

  it('notices any single changed character: the CRC fails or the payload no longer parses', () => {
    const flipArb = fc.oneof(depositArb.map(buildDepositLaoQr), dataArb.map(buildLaoQr)).chain((payload) =>
      fc.record({
        payload: fc.constant(payload),
        at: fc.nat({ max: payload.length - 1 }),
        char: fc.stringMatching(/^[\x20-\x7E]$/),
      }),
    );
    fc.assert(
      fc.property(flipArb, ({ payload, at, char }) => {
        // A case change inside the CRC is the same hex number, so it is not a change.
        fc.pre(char.toUpperCase() !== payload.charAt(at).toUpperCase());
        const tampered = payload.slice(0, at) + char + payload.slice(at + 1);
        let isRejected: boolean;
        try {
          const parsed = parseLaoQr(tampered);
          isRejected = !parsed.crcValid;
          // Whatever the parser accepts, the builder gives back (only the CRC may differ).
          expect(buildLaoQr(parsed.data).slice(0, -4)).toBe(tampered.slice(0, -4));
        } catch (error) {
          isRejected = error instanceof LaoQrError;
        }
        expect(isRejected, tampered).toBe(true);
      }),
    );
  });
});

describe('parseTlv and parseLaoQr on malformed input', () => {
  it('parses nested and empty values, counting lengths in characters', () => {
    expect(parseTlv('')).toEqual([]);
    expect(parseTlv('00000102ab')).toEqual([
      { id: '00', value: '' },
      { id: '01', value: 'ab' },
    ]);
    expect(parseTlv('5903ລາວ6300')).toEqual([
      { id: '59', value: 'ລາວ' },
      { id: '63', value: '' },
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
    const withAmount = (amount: string) =>
      payloadWith(`${ACCOUNT}530341854${amount.length.toString().padStart(2, '0')}${amount}5802LA`);
    expect(parseLaoQr(withAmount('10000.00')).amount).toBe(10000n);
    expect(codeOf(() => parseLaoQr(withAmount('10000.50')))).toBe('INVALID_AMOUNT');
    expect(codeOf(() => parseLaoQr(withAmount('-5')))).toBe('INVALID_AMOUNT');
    expect(codeOf(() => parseLaoQr(withAmount('0')))).toBe('INVALID_AMOUNT');
  });

  it.each([
    ['no tag 38', '53034185802LA', 'INVALID_VALUE'],
    ['no tag 53', `${ACCOUNT}5802LA`, 'INVALID_VALUE'],
    ['no tag 58', `${ACCOUNT}5303418`, 'INVALID_VALUE'],
    ['a tag LaoQR does not define (55)', `${ACCOUNT}53034185502015802LA`, 'INVALID_VALUE'],
    ['tags out of order', `${ACCOUNT}5802LA5303418`, 'INVALID_VALUE'],
    ['a repeated tag', `${ACCOUNT}530341853034185802LA`, 'INVALID_VALUE'],
    ['another AID in 38', `${ACCOUNT.replace('A005', 'A000')}53034185802LA`, 'INVALID_VALUE'],
    ['38 without a receiver id', '38390016A005266284662577010870050418020300253034185802LA', 'INVALID_VALUE'],
    ['a 5-digit MCC', `${ACCOUNT}52055331153034185802LA`, 'INVALID_VALUE'],
    ['a non-ASCII merchant name', `${ACCOUNT}53034185802LA5903ລາວ`, 'INVALID_CHARACTERS'],
    ['a bill id in subtag 10 of 62', `${ACCOUNT}53034185802LA62061002AB`, 'INVALID_VALUE'],
    ['two bill ids in 62', `${ACCOUNT}53034185802LA62120102AB0102CD`, 'INVALID_VALUE'],
  ])('refuses a payload with %s', (_label, middle, code) => {
    expect(codeOf(() => parseLaoQr(payloadWith(middle)))).toBe(code);
  });

  it('reads a payload without tags 52, 54, 59, 60 and 62 (a static QR)', () => {
    const parsed = parseLaoQr(withCrc(`000201010211${ACCOUNT}53034185802LA6304`));
    expect(parsed).toMatchObject({ crcValid: true, pointOfInitiation: '11', receiverId: '055013_1' });
    expect([parsed.mcc, parsed.amount, parsed.merchantName, parsed.billId]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
