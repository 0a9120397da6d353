// A lone surrogate is not Unicode: the driver would store U+FFFD instead of what was sent. The `u` flag makes
// a well-formed pair one code point, outside \p{Cs}, so only lone halves match.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when `text` holds U+0000 (PostgreSQL text cannot: the query fails) or a lone surrogate. */
export const isMalformedText = (text: string): boolean =>
  text.includes('\u0000') || LONE_SURROGATE.test(text);

// A node remembers its parent, so a path is only spelled out for a bad string (cheap on deep bodies).
type Node = { value: unknown; key: string; parent: Node | undefined };

function pathOf(node: Node): string {
  const keys: string[] = [];
  for (let at: Node | undefined = node; at?.parent !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

/**
 * Paths (`fingerprint.screen`, `items.0`) of every string or object key in `value` that holds U+0000 or a
 * lone surrogate (a bad key shows as `_`); `_` for `value` itself. Walks with its own stack, so a deeply
 * nested body cannot overflow the call stack. Bytes (a Buffer body) are not text and are skipped.
 */
export function findMalformedText(value: unknown): string[] {
  const found: string[] = [];
  const pending: Node[] = [{ value, key: '', parent: undefined }];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const item = node.value;
    if (typeof item === 'string') {
      if (isMalformedText(item)) found.push(pathOf(node));
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      // A binary body (an uploaded logo) holds bytes, not text: its route checks it.
      for (const [key, child] of Object.entries(item)) {
        const childNode = { value: child, key: isMalformedText(key) ? '_' : key, parent: node };
        if (isMalformedText(key)) found.push(pathOf(childNode));
        pending.push(childNode);
      }
    }
  }
  return found;
}
