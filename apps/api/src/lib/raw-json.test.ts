import { describe, expect, it } from 'vitest';
import { asRawObject, parseRawJson, RawJsonError, RawNumber } from './raw-json';

describe('parseRawJson', () => {
  it('keeps every number as the text it was written in', () => {
    expect(parseRawJson('{"balance":5515.59,"n":[0,-1,1e3,0.30000000000000004]}')).toEqual({
      balance: new RawNumber('5515.59'),
      n: [
        new RawNumber('0'),
        new RawNumber('-1'),
        new RawNumber('1e3'),
        new RawNumber('0.30000000000000004'),
      ],
    });
    expect(parseRawJson(' 12345678901234567890.12 ')).toEqual(new RawNumber('12345678901234567890.12'));
  });

  it('reads strings with their escapes, literals, nesting and white space as JSON.parse does', () => {
    const text = '{ "a" : "x\\"y\\u00e9\\n" , "b" : [ true , false , null , { } , [ ] ] }';
    expect(parseRawJson(text)).toEqual(JSON.parse(text));
  });

  it('refuses what is not one JSON value, and a key given twice', () => {
    for (const text of [
      '',
      '{',
      '{"a":1,}',
      '[1 2]',
      '01',
      '1.',
      '"\u0001"',
      'NaN',
      '{"a":1} x',
      "{'a':1}",
    ]) {
      expect(() => parseRawJson(text), text).toThrow(RawJsonError);
    }
    expect(() => parseRawJson('{"amount":1.00,"amount":2.00}')).toThrow(/key "amount" given twice/);
    expect(() => parseRawJson(`${'['.repeat(40)}${']'.repeat(40)}`)).toThrow(/nested too deep/);
  });

  it('an object is told apart from lists, numbers and strings', () => {
    expect(asRawObject(parseRawJson('{"a":1}'))).not.toBeNull();
    for (const text of ['[]', '1', '"x"', 'null']) expect(asRawObject(parseRawJson(text))).toBeNull();
  });
});
