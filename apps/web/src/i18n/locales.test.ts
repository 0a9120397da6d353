import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, FIELD_ERROR_CODES } from '@lc/shared/errors';
import { LANGUAGES, NAMESPACES } from '@lc/shared/languages';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = fileURLToPath(new URL('../../public/locales', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Keys whose value is a brand or product name and is the same in every language. */
const BRAND_KEYS = [
  /^app\.name$/,
  /^providers\./,
  /^banks\./,
  /^contact\.(whatsapp|line|facebook|telegram|twitter)$/,
];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(lng: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(LOCALES_DIR, lng, `${ns}.json`), 'utf8')) as Tree);
}

const catalogue = Object.fromEntries(
  NAMESPACES.map((ns) => [ns, Object.fromEntries(LANGUAGES.map((lng) => [lng, load(lng, ns)]))]),
) as Record<string, Record<string, Map<string, string>>>;

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('locales: %s', (ns) => {
  const byLanguage = catalogue[ns] ?? {};
  const allKeys = new Set(Object.values(byLanguage).flatMap((map) => [...map.keys()]));

  it.each(LANGUAGES)('%s has every key, none empty', (lng) => {
    const map = byLanguage[lng] ?? new Map<string, string>();
    const missing = [...allKeys].filter((key) => !map.get(key)?.trim());
    expect(missing).toEqual([]);
  });

  it('uses the same {{variables}} in every language', () => {
    const mismatched = [...allKeys].filter((key) => {
      const sets = LANGUAGES.map((lng) => variables(byLanguage[lng]?.get(key) ?? '').join(','));
      return new Set(sets).size > 1;
    });
    expect(mismatched).toEqual([]);
  });

  it('has no untranslated copies between languages (except brand names)', () => {
    const copies: string[] = [];
    for (const key of allKeys) {
      if (BRAND_KEYS.some((pattern) => pattern.test(key))) continue;
      const seen = new Map<string, string>();
      for (const lng of LANGUAGES) {
        const value = byLanguage[lng]?.get(key) ?? '';
        if (value.length <= 3) continue;
        const other = seen.get(value);
        if (other) copies.push(`${key}: ${other} = ${lng}`);
        seen.set(value, lng);
      }
    }
    expect(copies).toEqual([]);
  });
});

describe('error codes', () => {
  it.each(LANGUAGES)('%s translates every ERROR_CODES and FIELD_ERROR_CODES entry', (lng) => {
    const errors = catalogue.errors?.[lng] ?? new Map<string, string>();
    const missing = [
      ...ERROR_CODES.filter((code) => !errors.get(code)),
      ...FIELD_ERROR_CODES.map((code) => `fields.${code}`).filter((key) => !errors.get(key)),
    ];
    expect(missing).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('source', () => {
  it('only uses translation keys that exist', () => {
    const lo = { common: catalogue.common?.lo, errors: catalogue.errors?.lo };
    const used = new Set<string>();
    for (const file of sourceFiles(SRC_DIR)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([^'$`]+)'/g)) used.add(match[1] ?? '');
      for (const match of text.matchAll(/'(errors:[\w.]+)'/g)) used.add(match[1] ?? '');
      for (const match of text.matchAll(/\btext: '([\w.]+)'/g)) used.add(match[1] ?? '');
    }
    const missing = [...used].filter((key) => {
      const [ns, name] = key.includes(':') ? (key.split(':') as [string, string]) : ['common', key];
      return !lo[ns as keyof typeof lo]?.has(name);
    });
    expect(used.size).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
