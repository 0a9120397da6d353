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
  theme: { primaryColor: '#e8b931' },
  languages: ['lo', 'cn', 'vn', 'th'],
  acceptedBanks: ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'],
  paymentChannels: [{ code: 'bcel-main', mid: 'MID-1', displayName: 'BCEL One', currency: 'LAK' }],
  limits: {
    depositMin: '20000',
    depositMax: '20000000',
    withdrawMin: '50.00',
    withdrawMax: '100000.00',
    transferMin: '1.00',
    transferMax: '100000.00',
    promotionCreditThreshold: '5.00',
    creditBelow: null,
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

  it("paints in the agency's brand colour: the theme's variables carry it (decision 0069)", async () => {
    const paint = (primaryColor: string) =>
      renderFirstPaint({
        agency: { ...agency, theme: { primaryColor } },
        path: '/',
        language: 'lo',
        translations: translations('lo'),
      });
    const blue = (await paint('#1c7ed6')).markup;
    expect(blue).toContain('--mantine-color-gold-5: #1c7ed6;');
    expect(blue).toContain('--mantine-primary-color-filled: var(--mantine-color-gold-filled)');
    expect(blue).toMatch(/--lc-gold: #[0-9a-f]{6};/);
    const gold = (await paint('#e8b931')).markup;
    expect(gold).not.toContain('#1c7ed6');
    expect(gold).toContain('--lc-gold: #f5c53a;');
  });
});
