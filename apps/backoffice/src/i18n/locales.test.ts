import { readFileSync } from 'node:fs';
import { ACCESS_ACTIONS, AUDIT_ACTIONS } from '@lc/shared/contracts/ops-audit';
import { ERROR_CODES, STAFF_ERROR_CODES } from '@lc/shared/errors';
import { describe, expect, it } from 'vitest';
import { CONSOLE_LANGUAGES, CONSOLE_NAMESPACES } from './i18n';

type Tree = { [key: string]: string | Tree };

function read(lng: string, ns: string): Tree {
  const url = new URL(`../../public/locales/${lng}/${ns}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Tree;
}

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

describe('back-office translations', () => {
  it.each(CONSOLE_NAMESPACES)('every %s key of English exists, non-empty, in every language', (ns) => {
    const english = keysOf(read('en', ns));
    for (const lng of CONSOLE_LANGUAGES) {
      const texts = read(lng, ns);
      const missing = english.filter((key) => {
        const value = key
          .split('.')
          .reduce<Tree | string | undefined>(
            (node, part) => (typeof node === 'object' ? node[part] : undefined),
            texts,
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing, `${lng}/${ns}`).toEqual([]);
    }
  });

  it.each(CONSOLE_NAMESPACES)(
    '%s is nested objects of texts only: i18next cannot look a key up in an array',
    (ns) => {
      const arrays = (node: unknown, path: string): string[] =>
        Array.isArray(node)
          ? [path]
          : typeof node === 'object' && node !== null
            ? Object.entries(node).flatMap(([key, value]) => arrays(value, path ? `${path}.${key}` : key))
            : [];
      for (const lng of CONSOLE_LANGUAGES) expect(arrays(read(lng, ns), ''), `${lng}/${ns}`).toEqual([]);
    },
  );

  it('translates every error code the console can meet, staff codes included', () => {
    for (const lng of CONSOLE_LANGUAGES) {
      const errors = read(lng, 'errors');
      const missing = [...ERROR_CODES, ...STAFF_ERROR_CODES, 'NETWORK_ERROR'].filter(
        (code) => typeof errors[code] !== 'string',
      );
      expect(missing, lng).toEqual([]);
    }
  });

  it('words every action the audit and access logs record (the API writes no other, decision 0076)', () => {
    for (const lng of CONSOLE_LANGUAGES) {
      const texts = read(lng, 'common');
      const missing = [...AUDIT_ACTIONS, ...ACCESS_ACTIONS].filter((code) => {
        const value = `auditActions.${code}`
          .split('.')
          .reduce<Tree | string | undefined>(
            (node, part) => (typeof node === 'object' ? node[part] : undefined),
            texts,
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing, lng).toEqual([]);
    }
  });
});
