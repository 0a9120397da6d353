import { LOGO_CONTENT_TYPES, type TLogoContentType } from '@lc/shared/contracts/ops-agency';
import type { TFieldErrorCode } from '@lc/shared/errors';
import { AppError } from '../../lib/app-error';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const refuse = (code: TFieldErrorCode, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, { logo: code });

/**
 * What an SVG logo may not hold (decision 0069): anything that runs (scripts, event handler attributes, an
 * animation that sets a link), embeds another document (foreignObject, iframe, embed, object), declares entities
 * (DOCTYPE, ENTITY) or reaches outside the file (a style sheet processing instruction, an href, xlink:href or src
 * that is not `#fragment`, a CSS url() that is not `#fragment`, @import). Checked on the text as sent and with
 * its character references decoded, case-insensitively, with or without a namespace prefix. An SVG that holds
 * any of it is refused, never rewritten: refusing is the sanitising.
 */
const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /<\s*([\w.-]+:)?script\b/i, what: 'a script' },
  { pattern: /(^|[\s/"':])on[a-z0-9_.-]*\s*=/i, what: 'an event handler attribute' },
  {
    pattern: /<\s*([\w.-]+:)?(foreignObject|iframe|embed|object|frame|frameset|portal)\b/i,
    what: 'an embedded document',
  },
  { pattern: /<!\s*(DOCTYPE|ENTITY)/i, what: 'a DOCTYPE or ENTITY declaration' },
  { pattern: /<\?(?!xml\s)/i, what: 'a processing instruction' },
  { pattern: /@import/i, what: 'an @import' },
  { pattern: /javascript\s*:/i, what: 'a javascript: URL' },
  { pattern: /attributeName\s*=\s*["']\s*([\w.-]+:)?(href|src)\b/i, what: 'an animation of a link' },
  // A CSS escape could spell url( or @import past the checks above.
  { pattern: /\\/, what: 'a backslash (a CSS escape)' },
];

// href, xlink:href (any prefix) and src, quoted either way; the value must be a fragment of this file.
const LINK_ATTRIBUTE = /(?:^|[\s"'])(?:[\w.-]+:)?(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*))/gi;
const CSS_URL = /url\s*\(\s*(["']?)\s*([^)"']*)/gi;

/** The text with its numeric character references decoded (`&#106;` → `j`), as an XML parser would read it. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (whole, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
    return Number.isInteger(point) && point >= 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

/** Why `text` is not a safe SVG logo, or null when it is one. */
export function unsafeSvgReason(text: string): string | null {
  for (const view of [text, decodeCharacterReferences(text)]) {
    for (const { pattern, what } of FORBIDDEN) if (pattern.test(view)) return `The SVG holds ${what}`;
    for (const match of view.matchAll(LINK_ATTRIBUTE)) {
      const value = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      if (!value.startsWith('#')) return 'The SVG refers to something outside itself (href or src)';
    }
    for (const match of view.matchAll(CSS_URL)) {
      if (!(match[2] ?? '').trim().startsWith('#'))
        return 'The SVG refers to something outside itself (url())';
    }
  }
  return null;
}

function isPng(body: Buffer): boolean {
  // The signature, then the IHDR chunk that every PNG starts with (length 13).
  return (
    body.length > 33 &&
    body.subarray(0, 8).equals(PNG_SIGNATURE) &&
    body.readUInt32BE(8) === 13 &&
    body.toString('latin1', 12, 16) === 'IHDR'
  );
}

function svgText(body: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return null;
  }
  // A UTF-16 file decodes with NULs between its ASCII letters: not a text the checks could read.
  if (text.includes('\u0000')) return null;
  return /<\s*([\w.-]+:)?svg[\s>/]/i.test(text) ? text : null;
}

/**
 * Checks an uploaded logo (POST /api/ops/v1/settings/logo): a PNG by its signature or an SVG without scripts,
 * event handlers, embedded documents, entity declarations or outside references, as its Content-Type says.
 * Refused → 400 VALIDATION_ERROR with `fields.logo`: REQUIRED (empty), INVALID_FORMAT (not what its type says),
 * INVALID (an SVG holding what it may not).
 */
export function checkLogo(contentType: string | undefined, body: unknown): TLogoContentType {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() as TLogoContentType;
  if (!LOGO_CONTENT_TYPES.includes(type)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be image/png or image/svg+xml');
  }
  if (!Buffer.isBuffer(body) || body.length === 0) throw refuse('REQUIRED', 'The logo is empty');
  if (type === 'image/png') {
    if (!isPng(body)) throw refuse('INVALID_FORMAT', 'The logo is not a PNG');
    return type;
  }
  const text = svgText(body);
  if (text === null)
    throw refuse('INVALID_FORMAT', 'The logo is not an SVG (UTF-8 text with an <svg> element)');
  const reason = unsafeSvgReason(text);
  if (reason) throw refuse('INVALID', reason);
  return type;
}
