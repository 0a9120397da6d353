import { BANK_IIN, BANKS, type TBank } from './providers';

/**
 * EMVCo merchant-presented QR ("LaoQR") payloads: the deposit's dynamic QR (domain.md, Deposit step 1) and the
 * parser the sandbox bank uses to read a scanned one. Pure and platform-free.
 */

/** Application id of the LaoQR merchant account template (tag 38, sub-tag 00). */
export const LAOQR_AID = 'A005266284662577';
/** ISO 4217 numeric code of the kip (tag 53). */
export const LAK_NUMERIC = '418';

/** Why a LaoQR payload could not be built or read. */
export type TLaoQrErrorCode =
  | 'MALFORMED_TLV'
  | 'NOT_EMVCO'
  | 'MISSING_CRC'
  | 'INVALID_AMOUNT'
  | 'INVALID_CHARACTERS'
  | 'INVALID_VALUE';

/** Thrown by the builder and parser; `code` says why. */
export class LaoQrError extends Error {
  override readonly name = 'LaoQrError';
  readonly code: TLaoQrErrorCode;

  constructor(code: TLaoQrErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}

/** One TLV data object: a 2-digit id and its value. */
export interface TlvField {
  readonly id: string;
  readonly value: string;
}

/** What the deposit's dynamic QR encodes. */
export interface LaoQrInput {
  readonly bank: TBank;
  readonly accountNumber: string;
  readonly amountLak: bigint;
  readonly merchantName: string;
  readonly merchantCity: string;
  readonly billNumber: string;
}

/** A parsed payload: every top-level field in order, plus the values a bank needs. */
export interface ParsedLaoQr {
  readonly fields: readonly TlvField[];
  readonly crcValid: boolean;
  readonly amount?: bigint;
  readonly currency?: string;
  readonly iin?: string;
  readonly bank?: TBank;
  readonly account?: string;
  readonly billNumber?: string;
  readonly merchantName?: string;
  readonly merchantCity?: string;
}

// EMVCo MPM maxima; printable ASCII only, so a character is one byte and lengths mean one thing.
const MAX_VALUE = 99;
const MAX_MERCHANT_NAME = 25;
const MAX_MERCHANT_CITY = 15;
const MAX_BILL_NUMBER = 25;
const MAX_AMOUNT = 13;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of the UTF-8 bytes of `text`, as 4 upper-case hex digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// Hand-rolled so the module needs no TextEncoder typings; scanned payloads may carry non-ASCII (tag 64).
function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return bytes;
}

/** Splits a TLV string into its fields in order; lengths count characters. Throws on malformed input. */
export function parseTlv(text: string): TlvField[] {
  const chars = Array.from(text);
  const fields: TlvField[] = [];
  let at = 0;
  while (at < chars.length) {
    const head = chars.slice(at, at + 4).join('');
    if (!/^\d{4}$/.test(head)) {
      throw new LaoQrError('MALFORMED_TLV', `expected a 2-digit id and length at character ${at}`);
    }
    const length = Number(head.slice(2));
    if (at + 4 + length > chars.length) {
      throw new LaoQrError('MALFORMED_TLV', `tag ${head.slice(0, 2)} at character ${at} runs past the end`);
    }
    fields.push({ id: head.slice(0, 2), value: chars.slice(at + 4, at + 4 + length).join('') });
    at += 4 + length;
  }
  return fields;
}

/** The value of the first field with `id`, or undefined. */
export function tlvValue(fields: readonly TlvField[], id: string): string | undefined {
  return fields.find((field) => field.id === id)?.value;
}

function tlv(id: string, value: string, max = MAX_VALUE): string {
  if (value.length > max) throw new LaoQrError('INVALID_VALUE', `tag ${id} is longer than ${max} characters`);
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}

function asciiValue(label: string, value: string, max: number): string {
  if (!PRINTABLE_ASCII.test(value))
    throw new LaoQrError('INVALID_CHARACTERS', `${label} must be printable ASCII`);
  if (value.length === 0 || value.length > max) {
    throw new LaoQrError('INVALID_VALUE', `${label} must be 1–${max} characters`);
  }
  return value;
}

/** Builds the dynamic LaoQR payload of a deposit; throws {@link LaoQrError} on a value EMVCo cannot carry. */
export function buildLaoQr(input: LaoQrInput): string {
  const iin = BANK_IIN[input.bank];
  if (!iin) throw new LaoQrError('INVALID_VALUE', `unknown bank ${String(input.bank)}`);
  const amount = input.amountLak.toString();
  if (input.amountLak <= 0n || amount.length > MAX_AMOUNT) {
    throw new LaoQrError('INVALID_AMOUNT', 'amount must be 1 to 13 digits of whole kip');
  }
  const merchantAccount =
    tlv('00', LAOQR_AID) +
    tlv('01', iin) +
    tlv('02', '001') +
    tlv('03', asciiValue('accountNumber', input.accountNumber, MAX_VALUE));
  const payload =
    tlv('00', '01') +
    tlv('01', '12') + // 12 = dynamic: the QR is for one order and one amount
    tlv('38', merchantAccount) +
    tlv('53', LAK_NUMERIC) +
    tlv('54', amount) +
    tlv('58', 'LA') +
    tlv('59', asciiValue('merchantName', input.merchantName, MAX_MERCHANT_NAME)) +
    tlv('60', asciiValue('merchantCity', input.merchantCity, MAX_MERCHANT_CITY)) +
    tlv('62', tlv('01', asciiValue('billNumber', input.billNumber, MAX_BILL_NUMBER))) +
    '6304';
  // The CRC covers everything before it, including its own id and length.
  return payload + crc16ccitt(payload);
}

function parseAmount(value: string): bigint {
  // EMVCo allows "10000.00"; the kip has no minor unit, so only a zero fraction is accepted.
  const match = /^(\d+)(?:\.0*)?$/.exec(value);
  if (!match?.[1]) throw new LaoQrError('INVALID_AMOUNT', `tag 54 is not a whole amount: ${value}`);
  return BigInt(match[1]);
}

/** Reads a LaoQR payload; throws {@link LaoQrError} when it is not well-formed EMVCo TLV ending in a CRC. */
export function parseLaoQr(payload: string): ParsedLaoQr {
  const fields = parseTlv(payload);
  if (fields[0]?.id !== '00' || fields[0].value !== '01') {
    throw new LaoQrError('NOT_EMVCO', 'payload must start with format indicator 000201');
  }
  const last = fields.at(-1);
  if (last?.id !== '63' || last.value.length !== 4) {
    throw new LaoQrError('MISSING_CRC', 'payload must end with a 4-character CRC (tag 63)');
  }
  const chars = Array.from(payload);
  const crcValid = crc16ccitt(chars.slice(0, -4).join('')) === last.value.toUpperCase();
  const account = tlvValue(fields, '38');
  const accountFields = account === undefined ? [] : parseTlv(account);
  const additional = tlvValue(fields, '62');
  const additionalFields = additional === undefined ? [] : parseTlv(additional);
  const amount = tlvValue(fields, '54');
  const iin = tlvValue(accountFields, '01');
  return {
    fields,
    crcValid,
    amount: amount === undefined ? undefined : parseAmount(amount),
    currency: tlvValue(fields, '53'),
    iin,
    bank: BANKS.find((bank) => BANK_IIN[bank] === iin),
    account: tlvValue(accountFields, '03'),
    billNumber: tlvValue(additionalFields, '01'),
    merchantName: tlvValue(fields, '59'),
    merchantCity: tlvValue(fields, '60'),
  };
}
