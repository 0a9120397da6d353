// JSON as some partners write money: numbers (`"balance": 5515.59`). JSON.parse would turn such a number into a
// double before we see it, and 0.1 + 0.2 or a 17-digit balance is then already wrong. This parser keeps every
// number's literal text instead, so money is read from exactly what was written (decision 0005: no float).

/** A JSON number as it was written, e.g. `5515.59` or `1e3`: never converted to a JS number here. */
export class RawNumber {
  constructor(readonly literal: string) {}
}

export type RawJson = null | boolean | string | RawNumber | RawJson[] | { [key: string]: RawJson };

/** Raised for text that is not one well-formed JSON value (a repeated key counts as malformed). */
export class RawJsonError extends Error {
  override readonly name = 'RawJsonError';
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids raw control characters in a string (RFC 8259 §7)
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WHITESPACE = /[ \t\n\r]*/y;
// Deep enough for any answer we read; a hostile answer cannot exhaust the stack.
const MAX_DEPTH = 32;

/**
 * Parses `text` like JSON.parse, except that numbers stay {@link RawNumber}s and a key given twice in one
 * object is refused (JSON.parse keeps the last one silently: an answer naming two amounts is not read).
 */
export function parseRawJson(text: string): RawJson {
  let at = 0;

  const fail = (what: string): never => {
    throw new RawJsonError(`${what} at ${at}`);
  };
  const skip = () => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  const take = (pattern: RegExp): string | null => {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) return null;
    at = pattern.lastIndex;
    return match[0];
  };
  const literal = (word: string): boolean => {
    if (!text.startsWith(word, at)) return false;
    at += word.length;
    return true;
  };

  function value(depth: number): RawJson {
    if (depth > MAX_DEPTH) fail('nested too deep');
    skip();
    const char = text[at];
    if (char === '{') return object(depth);
    if (char === '[') return array(depth);
    if (char === '"') return string();
    if (literal('true')) return true;
    if (literal('false')) return false;
    if (literal('null')) return null;
    const number = take(NUMBER);
    if (number !== null) return new RawNumber(number);
    return fail('unexpected character');
  }

  function string(): string {
    const token = take(STRING);
    if (token === null) return fail('malformed string');
    // The token is a complete, valid JSON string: JSON.parse only decodes its escapes.
    return JSON.parse(token) as string;
  }

  function object(depth: number): { [key: string]: RawJson } {
    at += 1;
    const result: { [key: string]: RawJson } = Object.create(null);
    skip();
    if (literal('}')) return result;
    for (;;) {
      skip();
      const key = string();
      if (Object.hasOwn(result, key)) fail(`key "${key.slice(0, 40)}" given twice`);
      skip();
      if (!literal(':')) fail('expected ":"');
      result[key] = value(depth + 1);
      skip();
      if (literal('}')) return result;
      if (!literal(',')) fail('expected "," or "}"');
    }
  }

  function array(depth: number): RawJson[] {
    at += 1;
    const result: RawJson[] = [];
    skip();
    if (literal(']')) return result;
    for (;;) {
      result.push(value(depth + 1));
      skip();
      if (literal(']')) return result;
      if (!literal(',')) fail('expected "," or "]"');
    }
  }

  const parsed = value(0);
  skip();
  if (at !== text.length) fail('text after the value');
  return parsed;
}

/** An object of a parsed answer, or null for anything else. */
export function asRawObject(value: RawJson | undefined): { [key: string]: RawJson } | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawNumber)
    ? value
    : null;
}
