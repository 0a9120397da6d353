import { readFileSync } from 'node:fs';
import type { TPromotion } from '@lc/shared/contracts/promotions';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { bonusLabel, localizedText, promotionRules, targetLabel, trimFigure } from './promotion-terms';

const texts = { lo: 'ໂບນັດ', cn: '奖金', vn: 'Thưởng', th: 'โบนัส' };

/** The seeded welcome promotion (docs ops brief): 100,000 LAK, 50 % up to 100 THB, target ×3. */
const welcome: TPromotion = {
  id: 'p-1',
  title: texts,
  description: texts,
  imageUrl: '/promotions/welcome-bonus.svg',
  providers: ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'],
  depositAmount: '100000',
  bonus: { type: 'PERCENT', value: '50.00', max: '100.00' },
  targetCredit: { type: 'MULTIPLIER', value: '3.00' },
  withdraw: { all: false, min: null, max: { type: 'PERCENT', value: '500.00' }, deductBonus: true },
  firstOrderOnly: true,
  oncePerPlayer: true,
  startsAt: '2026-03-01T10:00:00.000Z',
  endsAt: null,
  active: true,
};
const live: TPromotion = {
  ...welcome,
  providers: ['gclub', 'gclub_live'],
  depositAmount: '500000',
  bonus: { type: 'FIXED', value: '150.00', max: null },
  targetCredit: { type: 'FIXED', value: '2000.00' },
  withdraw: {
    all: true,
    min: { type: 'FIXED', value: '100.00' },
    max: { type: 'FIXED', value: '3000.00' },
    deductBonus: false,
  },
  firstOrderOnly: false,
  oncePerPlayer: false,
  endsAt: '2026-04-01T10:00:00.000Z',
};

const i18n = i18next.createInstance();
const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);

beforeAll(async () => {
  const load = (ns: string) =>
    JSON.parse(readFileSync(new URL(`../../../../public/locales/th/${ns}.json`, import.meta.url), 'utf8'));
  await i18n.init({
    lng: 'th',
    resources: { th: { common: load('common'), errors: load('errors') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

describe('promotion texts and figures', () => {
  it('picks the interface language and falls back to Lao', () => {
    expect(localizedText(texts, 'th')).toBe('โบนัส');
    // The Lao fallback is shown as Lao: ໂບນັດ ("bonus") held together against ICU's ໂບ|ນັດ.
    expect(localizedText(texts, 'en')).toBe('ໂ\u2060ບ\u2060ນັ\u2060ດ');
    expect(localizedText({ ...texts, vn: ' ' }, 'vn')).toBe('ໂ\u2060ບ\u2060ນັ\u2060ດ');
  });

  it('writes percents and factors without trailing zeros', () => {
    expect(trimFigure('50.00')).toBe('50');
    expect(trimFigure('12.50')).toBe('12.5');
    expect(trimFigure('100')).toBe('100');
    expect(trimFigure('0.25')).toBe('0.25');
  });

  it('labels a FIXED bonus by its amount and a PERCENT bonus by its rate and cap', () => {
    expect(bonusLabel(t, live.bonus)).toBe('+฿150.00');
    expect(bonusLabel(t, welcome.bonus)).toBe('+50% สูงสุด ฿100.00');
    expect(bonusLabel(t, { type: 'PERCENT', value: '10.00', max: null })).toBe('+10%');
  });

  it('labels the target as an amount or a multiple', () => {
    expect(targetLabel(t, live.targetCredit)).toBe('฿2,000.00');
    expect(targetLabel(t, welcome.targetCredit)).toContain('3');
    expect(targetLabel(t, welcome.targetCredit)).not.toContain('3.00');
  });
});

describe('promotionRules', () => {
  it('states every rule of a PERCENT promotion, with its figures', () => {
    const rules = promotionRules(t, welcome, ['Alphabet', 'AskMeBet']);
    const all = rules.join('\n');
    expect(all).toContain('₭100,000');
    expect(all).toContain('Alphabet, AskMeBet');
    expect(all).toContain('50%');
    expect(all).toContain('฿100.00');
    expect(all).toContain('500%');
    expect(rules).toContain(i18n.t('promotion.rules.deductBonus'));
    expect(rules).toContain(i18n.t('promotion.rules.firstOrderOnly'));
    expect(rules).toContain(i18n.t('promotion.rules.oncePerPlayer'));
    expect(rules).not.toContain(i18n.t('promotion.rules.withdrawAll'));
    expect(all).not.toMatch(/promotion\.rules/);
  });

  it('states the FIXED figures, withdraw-all, the minimum and the end date', () => {
    const rules = promotionRules(t, live, ['GClub']);
    const all = rules.join('\n');
    expect(all).toContain('฿150.00');
    expect(all).toContain('฿2,000.00');
    expect(all).toContain('฿3,000.00');
    expect(all).toContain('฿100.00');
    expect(rules).toContain(i18n.t('promotion.rules.withdrawAll'));
    expect(rules).toContain(i18n.t('promotion.rules.repeatable'));
    expect(rules).not.toContain(i18n.t('promotion.rules.deductBonus'));
    expect(rules).not.toContain(i18n.t('promotion.rules.firstOrderOnly'));
    expect(all).toMatch(/\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}.*\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}/);
  });
});
