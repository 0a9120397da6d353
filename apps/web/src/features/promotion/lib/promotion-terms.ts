import type { TPromotion, TPromotionTexts } from '@lc/shared/contracts/promotions';
import { DEFAULT_LANGUAGE } from '@lc/shared/languages';
import { convert, type ExchangeRate, formatMinor, parseMoney } from '@lc/shared/money';
import { bonusFor, parseScaled, targetFor } from '@lc/shared/promotion-rules';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { keepWordsWhole } from '../../../lib/keep-words-whole';

/** i18next's `t` as these helpers use it (keys and string params only). */
export type Translate = (key: string, params?: Record<string, string>) => string;

/**
 * A promotion text in the interface language, else in Lao (the default every promotion has), with its
 * loanwords kept whole across lines as the translations' are (decision 0032).
 */
export function localizedText(texts: TPromotionTexts, language: string | undefined): string {
  const text = texts[language as keyof TPromotionTexts];
  return text?.trim()
    ? keepWordsWhole(text, language)
    : keepWordsWhole(texts[DEFAULT_LANGUAGE], DEFAULT_LANGUAGE);
}

/** A percent or factor as people write it: "50.00" → "50", "12.50" → "12.5". */
export function trimFigure(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** The bonus in one line for a card: FIXED "+฿150,00", PERCENT "+50%" or "+50% up to ฿100,00". */
export function bonusLabel(t: Translate, bonus: TPromotion['bonus']): string {
  if (bonus.type === 'FIXED') return `+${formatCurrency(bonus.value, 'THB')}`;
  const percent = trimFigure(bonus.value);
  if (bonus.max === null) return `+${percent}%`;
  return t('promotion.bonusPercentMax', { percent, max: formatCurrency(bonus.max, 'THB') });
}

/** The credit to reach before withdrawing, as the card and the detail say it. */
export function targetLabel(t: Translate, target: TPromotion['targetCredit']): string {
  if (target.type === 'FIXED') return formatCurrency(target.value, 'THB');
  return t('promotion.targetMultiplier', { factor: trimFigure(target.value) });
}

type Limit = { type: 'FIXED' | 'PERCENT'; value: string };

function limitParams(limit: Limit): Record<string, string> {
  return limit.type === 'FIXED'
    ? { amount: formatCurrency(limit.value, 'THB') }
    : { percent: trimFigure(limit.value) };
}

/**
 * What the rules can say beyond the promotion itself: the agency's credit threshold (THB, a promotion in use
 * holds deposits until its game's credit is under it), the game the player chose (its display name), and the
 * figures of its deposit at today's rate ({@link promotionExample}).
 */
export type RulesContext = {
  threshold: string;
  provider?: string | null;
  example?: PromotionExample | null;
};

/** A promotion's deposit at today's sell rate: the credit it gives, its bonus and the target, in satang. */
export type PromotionExample = { credit: bigint; bonus: bigint; target: bigint };

/** The figures of the promotion's deposit at today's rates (null without a THB rate). */
export function promotionExample(
  promotion: TPromotion,
  rates: readonly ExchangeRate[],
): PromotionExample | null {
  const credit = tryConvert(promotion.depositAmount, rates);
  if (credit === null) return null;
  const terms = {
    bonus: {
      type: promotion.bonus.type,
      value: parseScaled(promotion.bonus.value),
      max: promotion.bonus.max === null ? null : parseScaled(promotion.bonus.max),
    },
    target: { type: promotion.targetCredit.type, value: parseScaled(promotion.targetCredit.value) },
  };
  const bonus = bonusFor(terms, credit);
  return { credit, bonus, target: targetFor(terms, credit, bonus) };
}

function tryConvert(depositAmount: string, rates: readonly ExchangeRate[]): bigint | null {
  try {
    const credit = convert('DEPOSIT', parseMoney(depositAmount, 'LAK'), rates);
    // 0n is convert's "no rate".
    return credit > 0n ? credit : null;
  } catch {
    return null;
  }
}

/**
 * Every rule of a promotion in plain words, in the order a player meets them: what to deposit and where, the
 * game the credit stays on, what it gives, what to reach (with today's figures), how a withdrawal is limited,
 * what holds other deposits while it is in use, who may take it and when. Shown before it is taken
 * (docs/decisions/0074): a rule met only as a refusal reads as a broken app.
 */
export function promotionRules(
  t: Translate,
  promotion: TPromotion,
  providerNames: string[],
  context?: RulesContext,
): string[] {
  const rules: string[] = [];
  const { bonus, targetCredit, withdraw } = promotion;
  rules.push(t('promotion.rules.deposit', { amount: formatCurrency(promotion.depositAmount, 'LAK') }));
  rules.push(t('promotion.rules.providers', { providers: providerNames.join(', ') }));
  if (context) {
    rules.push(
      context.provider
        ? t('promotion.rules.lockedGame', { provider: context.provider })
        : t('promotion.rules.lockedGameAny'),
    );
  }
  if (bonus.type === 'FIXED') {
    rules.push(t('promotion.rules.bonusFixed', { amount: formatCurrency(bonus.value, 'THB') }));
  } else if (bonus.max === null) {
    rules.push(t('promotion.rules.bonusPercent', { percent: trimFigure(bonus.value) }));
  } else {
    rules.push(
      t('promotion.rules.bonusPercentMax', {
        percent: trimFigure(bonus.value),
        max: formatCurrency(bonus.max, 'THB'),
      }),
    );
  }
  rules.push(
    targetCredit.type === 'FIXED'
      ? t('promotion.rules.targetFixed', { amount: formatCurrency(targetCredit.value, 'THB') })
      : t('promotion.rules.targetMultiplier', { factor: trimFigure(targetCredit.value) }),
  );
  if (context?.example) {
    const { credit, bonus: earned, target } = context.example;
    rules.push(
      t('promotion.rules.example', {
        amount: formatCurrency(promotion.depositAmount, 'LAK'),
        credit: formatCurrency(formatMinor(credit, 'THB'), 'THB'),
        bonus: formatCurrency(formatMinor(earned, 'THB'), 'THB'),
        target: formatCurrency(formatMinor(target, 'THB'), 'THB'),
      }),
    );
  }
  if (withdraw.all) rules.push(t('promotion.rules.withdrawAll'));
  if (withdraw.min) {
    const params = limitParams(withdraw.min);
    rules.push(
      withdraw.min.type === 'FIXED'
        ? t('promotion.rules.withdrawMinFixed', params)
        : t('promotion.rules.withdrawMinPercent', params),
    );
  }
  if (withdraw.deductBonus) rules.push(t('promotion.rules.deductBonus'));
  if (withdraw.max) {
    const params = limitParams(withdraw.max);
    rules.push(
      withdraw.max.type === 'FIXED'
        ? t('promotion.rules.withdrawMaxFixed', params)
        : t('promotion.rules.withdrawMaxPercent', params),
    );
  }
  if (context) {
    rules.push(t('promotion.rules.creditBelow', { threshold: formatCurrency(context.threshold, 'THB') }));
  }
  if (promotion.firstOrderOnly) rules.push(t('promotion.rules.firstOrderOnly'));
  rules.push(t(promotion.oncePerPlayer ? 'promotion.rules.oncePerPlayer' : 'promotion.rules.repeatable'));
  rules.push(t('promotion.rules.oneAtATime'));
  const start = formatDateTime(promotion.startsAt);
  rules.push(
    promotion.endsAt === null
      ? t('promotion.rules.datesOpen', { start })
      : t('promotion.rules.dates', { start, end: formatDateTime(promotion.endsAt) }),
  );
  return rules;
}
