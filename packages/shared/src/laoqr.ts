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

/** Tag 38: who is paid (the AID, sub-tag 00, is always {@link LAOQR_AID}). */
export interface LaoQrMerchantAccount {
  /** 38/01: the receiving bank's 8-digit IIN. */
  readonly iin: string;
  /** 38/02: `001` merchant, `002` merchant bill. */
  readonly paymentType: string;
  /** 38/03: the bank-issued receiver id, in whatever printable form the bank gives it. */
  readonly receiverId: string;
}

/** Everything a payload carries, structured; optional fields absent from the payload stay undefined. */
export interface LaoQrData {
  /** 01: `11` static, `12` dynamic (one order, one amount). */
  readonly pointOfInitiation: '11' | '12';
  readonly merchantAccount: LaoQrMerchantAccount;
  /** 52: merchant category code, 4 digits. */
  readonly mcc?: string;
  /** 53: ISO 4217 numeric, `418` for the kip. */
  readonly currency: string;
  /** 54: whole kip exactly as carried (`15000` or `15000.00`). */
  readonly amount?: string;
  /** 58: `LA`. */
  readonly countryCode: string;
  /** 59: `''` when present and empty. */
  readonly merchantName?: string;
  /** 60. */
  readonly merchantCity?: string;
  /** 62: sub-tags 01–09 in payload order (01 bill id, 05 reference). */
  readonly additionalData?: readonly TlvField[];
}

/** A parsed payload: every top-level field in order, its structured data, and the values a bank needs. */
export interface ParsedLaoQr {
  readonly fields: readonly TlvField[];
  readonly crcValid: boolean;
  readonly data: LaoQrData;
  readonly pointOfInitiation: '11' | '12';
  /** 54 in whole kip. */
  readonly amount?: bigint;
  readonly currency: string;
  readonly iin: string;
  readonly bank?: TBank;
  readonly paymentType: string;
  readonly receiverId: string;
  readonly mcc?: string;
  /** 62/01: the bank's bill id. */
  readonly billId?: string;
  /** 62/05: the reference (ours: the order code). */
  readonly reference?: string;
  readonly merchantName?: string;
  readonly merchantCity?: string;
}

/** What a deposit's dynamic QR encodes (domain.md, Deposit step 1). */
export interface DepositLaoQrInput {
  readonly iin: string;
  readonly receiverId: string;
  readonly mcc: string;
  readonly merchantName: string;
  readonly merchantCity: string;
  readonly amountLak: bigint;
  readonly billId: string;
  readonly reference: string;
}

// EMVCo MPM maxima; printable ASCII only, so a character is one byte and lengths mean one thing.
const MAX_VALUE = 99;
const MAX_MERCHANT_NAME = 25;
const MAX_MERCHANT_CITY = 15;
const MAX_ADDITIONAL_VALUE = 25;
const MAX_AMOUNT = 13;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
// EMVCo lets tag 54 carry decimals; the kip has no minor unit, so only zeros may follow the point.
const WHOLE_KIP = /^(\d+)(?:\.0+)?$/;
// The top-level tags of LaoQR in the order banks write them. Parsing accepts only these, ascending and once
// each, so that whatever it reads the builder writes back byte for byte.
const TOP_LEVEL_TAGS = ['00', '01', '38', '52', '53', '54', '58', '59', '60', '62', '63'];
const ACCOUNT_TAGS = ['00', '01', '02', '03'];
const ADDITIONAL_TAG = /^0[1-9]$/;

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

// Hand-rolled so the module needs no TextEncoder typings; a scanned payload may carry non-ASCII, which the
// parser refuses only after checking the CRC.
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

function invalid(message: string): never {
  throw new LaoQrError('INVALID_VALUE', message);
}

function tlv(id: string, value: string): string {
  if (value.length > MAX_VALUE) invalid(`tag ${id} is longer than ${MAX_VALUE} characters`);
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}

/** `''` for an absent tag; a present one (even empty) is checked and written. */
function optionalTlv<T>(id: string, value: T | undefined, encode: (value: T) => string): string {
  return value === undefined ? '' : tlv(id, encode(value));
}

function asciiValue(label: string, value: string, min: number, max: number): string {
  if (!PRINTABLE_ASCII.test(value)) {
    throw new LaoQrError('INVALID_CHARACTERS', `${label} must be printable ASCII`);
  }
  if (value.length < min || value.length > max) invalid(`${label} must be ${min}–${max} characters`);
  return value;
}

function digitsValue(label: string, value: string, count: number): string {
  if (value.length !== count || !/^\d+$/.test(value)) invalid(`${label} must be ${count} digits`);
  return value;
}

/** Whole kip of a tag 54 value: positive, at most 13 characters, any decimals zero. */
function kipOf(amount: string): bigint {
  const whole = WHOLE_KIP.exec(amount)?.[1];
  if (whole === undefined || amount.length > MAX_AMOUNT || BigInt(whole) <= 0n) {
    throw new LaoQrError(
      'INVALID_AMOUNT',
      `tag 54 must be a positive whole kip of 1–13 characters: ${amount}`,
    );
  }
  return BigInt(whole);
}

/** `amount` as carried, once {@link kipOf} accepts it. */
function amountValue(amount: string): string {
  kipOf(amount);
  return amount;
}

function additionalDataValue(fields: readonly TlvField[]): string {
  const seen = new Set<string>();
  let value = '';
  for (const field of fields) {
    if (!ADDITIONAL_TAG.test(field.id)) invalid(`tag 62 sub-tag ${field.id} is not one of 01–09`);
    // Two bill ids or references would let one payment match two orders.
    if (seen.has(field.id)) invalid(`tag 62 sub-tag ${field.id} appears twice`);
    seen.add(field.id);
    value += tlv(field.id, asciiValue(`tag 62/${field.id}`, field.value, 0, MAX_ADDITIONAL_VALUE));
  }
  return value;
}

/** The payload up to and including `6304`, every value checked: what the CRC is computed over. */
function encodeLaoQr(data: LaoQrData): string {
  if (data.pointOfInitiation !== '11' && data.pointOfInitiation !== '12') {
    invalid('point of initiation (tag 01) must be 11 or 12');
  }
  const { iin, paymentType, receiverId } = data.merchantAccount;
  const merchantAccount =
    tlv('00', LAOQR_AID) +
    tlv('01', digitsValue('IIN (38/01)', iin, 8)) +
    tlv('02', digitsValue('payment type (38/02)', paymentType, 3)) +
    tlv('03', asciiValue('receiver id (38/03)', receiverId, 1, MAX_VALUE));
  if (!/^[A-Z]{2}$/.test(data.countryCode)) invalid('country code (tag 58) must be 2 capital letters');
  return (
    tlv('00', '01') +
    tlv('01', data.pointOfInitiation) +
    tlv('38', merchantAccount) +
    optionalTlv('52', data.mcc, (mcc) => digitsValue('MCC (tag 52)', mcc, 4)) +
    tlv('53', digitsValue('currency (tag 53)', data.currency, 3)) +
    optionalTlv('54', data.amount, amountValue) +
    tlv('58', data.countryCode) +
    optionalTlv('59', data.merchantName, (name) => asciiValue('merchant name', name, 0, MAX_MERCHANT_NAME)) +
    optionalTlv('60', data.merchantCity, (city) => asciiValue('merchant city', city, 0, MAX_MERCHANT_CITY)) +
    optionalTlv('62', data.additionalData, additionalDataValue) +
    '6304'
  );
}

/** Builds a LaoQR payload, tags ascending and the CRC last; throws {@link LaoQrError} on a value it cannot carry. */
export function buildLaoQr(data: LaoQrData): string {
  const payload = encodeLaoQr(data);
  // The CRC covers everything before it, including its own id and length.
  return payload + crc16ccitt(payload);
}

/**
 * Builds a deposit's dynamic QR as domain.md (Deposit step 1) says: 01 `12`, 38/02 `002` (merchant bill), 52
 * the channel's MCC, 53 `418`, 54 whole kip, 58 `LA`, 59, 60, 62 = {01 bill id, 05 reference}.
 */
export function buildDepositLaoQr(input: DepositLaoQrInput): string {
  const amount = input.amountLak.toString();
  if (input.amountLak <= 0n || amount.length > MAX_AMOUNT) {
    throw new LaoQrError('INVALID_AMOUNT', 'amount must be 1 to 13 digits of whole kip');
  }
  // A bank matches the payment by these; empty ones would match nothing (or anything).
  asciiValue('bill id', input.billId, 1, MAX_ADDITIONAL_VALUE);
  asciiValue('reference', input.reference, 1, MAX_ADDITIONAL_VALUE);
  return buildLaoQr({
    pointOfInitiation: '12',
    merchantAccount: { iin: input.iin, paymentType: '002', receiverId: input.receiverId },
    mcc: input.mcc,
    currency: LAK_NUMERIC,
    amount,
    countryCode: 'LA',
    merchantName: asciiValue('merchant name', input.merchantName, 1, MAX_MERCHANT_NAME),
    merchantCity: asciiValue('merchant city', input.merchantCity, 1, MAX_MERCHANT_CITY),
    additionalData: [
      { id: '01', value: input.billId },
      { id: '05', value: input.reference },
    ],
  });
}

function requiredValue(fields: readonly TlvField[], id: string): string {
  const value = tlvValue(fields, id);
  if (value === undefined) invalid(`tag ${id} is missing`);
  return value;
}

function isPointOfInitiation(value: string): value is LaoQrData['pointOfInitiation'] {
  return value === '11' || value === '12';
}

function merchantAccountOf(value: string): LaoQrMerchantAccount {
  const fields = parseTlv(value);
  if (fields.map((field) => field.id).join() !== ACCOUNT_TAGS.join()) {
    invalid('tag 38 must hold sub-tags 00, 01, 02 and 03 in order');
  }
  if (tlvValue(fields, '00') !== LAOQR_AID) invalid(`tag 38 is not LaoQR (AID ${LAOQR_AID})`);
  return {
    iin: requiredValue(fields, '01'),
    paymentType: requiredValue(fields, '02'),
    receiverId: requiredValue(fields, '03'),
  };
}

/** The structured data of top-level `fields` that are LaoQR's tags, ascending and once each. */
function dataOf(fields: readonly TlvField[]): LaoQrData {
  let previous = -1;
  for (const { id } of fields) {
    const at = TOP_LEVEL_TAGS.indexOf(id);
    if (at <= previous) invalid(`tag ${id} is not a LaoQR tag, or repeated, or out of order`);
    previous = at;
  }
  const pointOfInitiation = requiredValue(fields, '01');
  if (!isPointOfInitiation(pointOfInitiation)) invalid('point of initiation (tag 01) must be 11 or 12');
  const [mcc, amount, name, city, additional] = ['52', '54', '59', '60', '62'].map((id) =>
    tlvValue(fields, id),
  );
  return {
    pointOfInitiation,
    merchantAccount: merchantAccountOf(requiredValue(fields, '38')),
    ...(mcc === undefined ? {} : { mcc }),
    currency: requiredValue(fields, '53'),
    ...(amount === undefined ? {} : { amount }),
    countryCode: requiredValue(fields, '58'),
    ...(name === undefined ? {} : { merchantName: name }),
    ...(city === undefined ? {} : { merchantCity: city }),
    ...(additional === undefined ? {} : { additionalData: parseTlv(additional) }),
  };
}

/**
 * Reads a LaoQR payload; throws {@link LaoQrError} unless it is well-formed EMVCo TLV ending in a CRC, with
 * only LaoQR's tags, each value as {@link buildLaoQr} accepts it. A wrong CRC is reported, not thrown.
 */
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
  const data = dataOf(fields);
  // Checks every value as the builder does, so a payload read is one the builder would write.
  encodeLaoQr(data);
  const { merchantAccount, additionalData = [] } = data;
  return {
    fields,
    crcValid,
    data,
    pointOfInitiation: data.pointOfInitiation,
    amount: data.amount === undefined ? undefined : kipOf(data.amount),
    currency: data.currency,
    iin: merchantAccount.iin,
    bank: BANKS.find((bank) => BANK_IIN[bank] === merchantAccount.iin),
    paymentType: merchantAccount.paymentType,
    receiverId: merchantAccount.receiverId,
    mcc: data.mcc,
    billId: tlvValue(additionalData, '01'),
    reference: tlvValue(additionalData, '05'),
    merchantName: data.merchantName,
    merchantCity: data.merchantCity,
  };
}
