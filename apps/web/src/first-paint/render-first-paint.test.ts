import { readFileSync } from 'node:fs';
import type { TAgency } from '@lc/shared/contracts/agency';
import type { TLanguage } from '@lc/shared/languages';
import { describe, expect, it } from 'vitest';
import { renderFirstPaint } from './render-first-paint';

const agency: TAgency = {
  id: '9bbc662c-4ff0-4e03-863d-8288cef2f022',
  code: 'demo',
  name: 'Lucky <Lao> & Co',
  logoUrl: '/brand/logo.svg',
  social: { telegram: 'https://t.me/lucky', whatsapp: null, facebook: null, twitter: null, line: null },
  contacts: { phone: '+856 20 5555 5555', email: 'support@lucky.example' },
  languages: ['lo', 'cn', 'vn', 'th'],
  paymentChannels: [{ code: 'bcel-main', mid: 'MID-1', displayName: 'BCEL One', currency: 'LAK' }],
  limits: {
    depositMin: '20000',
    depositMax: '20000000',
    withdrawMin: '50.00',
    withdrawMax: '100000.00',
    promotionCreditThreshold: '5.00',
  },
  isSandbox: true,
};

function translations(language: TLanguage) {
  const read = (namespace: string) =>
    JSON.parse(
      readFileSync(new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'),
    );
  return { common: read('common'), errors: read('errors') };
}

/** A page's h1 as rendered (word joiners of decision 0032 removed). */
const heading = (markup: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(markup)?.[1]?.replaceAll('\u2060', '');

describe('renderFirstPaint', () => {
  it('renders each page in its own language when renders overlap, escaping the agency, with no script', async () => {
    const pages = await Promise.all(
      (['lo', 'th', 'cn', 'vn'] as const).flatMap((language) =>
        ['/', '/login'].map(async (path) => ({
          path,
          language,
          page: await renderFirstPaint({ agency, path, language, translations: translations(language) }),
        })),
      ),
    );
    for (const { path, language, page } of pages) {
      const texts = translations(language).common;
      expect(heading(page.markup)).toBe(path === '/' ? texts.landing.title : texts.auth.loginTitle);
      expect(page.markup).toContain('alt="Lucky &lt;Lao&gt; &amp; Co"');
      expect(page.markup).not.toContain('<script');
    }
    expect(pages.map(({ page }) => page.htmlLang)).toEqual([
      'lo',
      'lo',
      'th',
      'th',
      'zh-CN',
      'zh-CN',
      'vi',
      'vi',
    ]);
  });
});
