import { randomInt } from 'node:crypto';
import type { TPromotion, TPromotionListResponse } from '@lc/shared/contracts/promotions';
import { parseLaoQr } from '@lc/shared/laoqr';
import { convert, formatMinor } from '@lc/shared/money';
import { bonusFor, parseScaled, targetFor } from '@lc/shared/promotion-rules';
import { expect, type Page, test } from '@playwright/test';
import { formatCurrency } from '../packages/ui/src/format-currency';
import { OPS_TOKEN } from './playwright.config';
import {
  addBankAccountViaApi,
  chooseOption,
  localeText,
  registerViaApi,
  shownText,
  submitDepositForm,
} from './support';

// Issue #40 items 1–3: a Lao (then Thai) player on a phone whose deposit goes wrong, whose promotion has rules,
// and whose errors must land where the thumb is.
test.use({ viewport: { width: 375, height: 667 } });

type Language = 'lo' | 'th';
const OPS = { authorization: `Bearer ${OPS_TOKEN}` };
const lak = (amount: string) => formatCurrency(amount, 'LAK');
const thb = (amount: string) => formatCurrency(amount, 'THB');

/** A locale text with its `{{name}}` placeholders filled. */
function text(
  language: Language,
  key: string,
  params: Record<string, string> = {},
  ns: 'common' | 'errors' = 'common',
) {
  let shown = localeText(language, ns, key);
  for (const [name, value] of Object.entries(params)) shown = shown.replaceAll(`{{${name}}}`, value);
  return shown;
}

async function useLanguage(page: Page, language: Language) {
  await page.goto('/player');
  await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
}

async function thbRates(page: Page) {
  return (
    (await (await page.request.get('/api/v2/exchange-rates')).json()) as {
      rates: Array<{ currency: 'THB' | 'USD'; buy: string; sell: string }>;
    }
  ).rates;
}

/** The bank payments of an order (the ops API, as the cashier's screen reads them). */
async function paymentsOf(page: Page, code: string) {
  const listed = await page.request.get('/api/ops/v1/bank-payments?pageSize=100', { headers: OPS });
  expect(listed.status(), await listed.text()).toBe(200);
  const { items } = (await listed.json()) as {
    items: Array<{ id: string; depositCode: string | null; status: string; reason: string | null }>;
  };
  return items.filter((payment) => payment.depositCode === code);
}

async function demoPromotion(page: Page, image: string): Promise<TPromotion> {
  const { promotions } = (await (
    await page.request.get('/api/v2/promotions')
  ).json()) as TPromotionListResponse;
  const promotion = promotions.find((item) => item.imageUrl === `/promotions/${image}.svg`);
  if (!promotion) throw new Error(`no demo promotion ${image}`);
  return promotion;
}

for (const language of ['lo', 'th'] as const) {
  // Lao: the cashier credits the underpayment; Thai: the cashier refunds it.
  const resolution = language === 'lo' ? 'credit' : 'refund';

  test(`${language}, 375 px: 99,000 paid for a 100,000 order is shown short and waiting for staff; the ${resolution} arrives as a notice and in history`, async ({
    page,
  }) => {
    test.slow();
    await registerViaApi(page);
    await addBankAccountViaApi(page);
    await useLanguage(page, language);
    await submitDepositForm(page, '100000');
    const qr = page.getByTestId('deposit-qr');
    await expect(qr).toBeVisible();
    const code = (await page.getByTestId('deposit-code').textContent())?.trim() ?? '';
    const { payload } = (await (await page.request.get(`/api/v2/deposits/${code}/laoqr`)).json()) as {
      payload: string;
    };

    // The player's banking app pays 1,000 kip less than the QR asks.
    const billNumber = parseLaoQr(payload).billId;
    const paid = await page.request.post('/sandbox/bank/payments', { data: { billNumber, amount: '99000' } });
    expect(paid.status(), await paid.text()).toBe(201);

    // The QR page says what arrived, what is missing and who acts: no "crediting your game" spinner.
    const review = page.getByTestId('deposit-review');
    await expect(review).toBeVisible({ timeout: 20_000 });
    await expect(review).toHaveAttribute('data-review', 'AMOUNT_MISMATCH');
    await expect(review).toContainText(
      text(language, 'deposit.paidOf', { paid: lak('99000'), amount: lak('100000') }),
    );
    await expect(review).toContainText(text(language, 'deposit.review.short', { missing: lak('1000') }));
    await expect(page.getByTestId('deposit-crediting')).toHaveCount(0);
    await expect(review).toBeInViewport();
    await page.screenshot({ path: `/tmp/shots-0074/underpaid-qr-${language}.png`, fullPage: true });

    // The API says it too: what the bank reported, and why staff must act.
    const listed = (await (await page.request.get('/api/v2/deposits')).json()) as {
      items: Array<{ code: string; paid_amount: string | null; review: string | null; status: string }>;
    };
    expect(listed.items.find((item) => item.code === code)).toMatchObject({
      status: 'PAID',
      paid_amount: '99000',
      review: 'AMOUNT_MISMATCH',
    });

    // History: ordered 100,000, paid 99,000, short 1,000, and no credit that never arrived.
    await page.goto('/player/deposit/history');
    const row = page.locator(`[data-testid="order-row"][data-code="${code}"]`);
    await expect(row.getByTestId(`deposit-paid-${code}`)).toHaveText(
      text(language, 'deposit.paidLine', { paid: lak('99000') }),
    );
    await expect(row.getByTestId(`deposit-state-${code}`)).toHaveText(
      text(language, 'deposit.review.short', { missing: lak('1000') }),
    );
    await expect(row).not.toContainText(thb('156.12'));
    await page.screenshot({ path: `/tmp/shots-0074/underpaid-history-${language}.png`, fullPage: true });

    // The cashier resolves the payment.
    const [payment] = await paymentsOf(page, code);
    expect(payment).toMatchObject({ status: 'UNMATCHED', reason: 'AMOUNT_MISMATCH' });
    const resolved =
      resolution === 'credit'
        ? await page.request.post(`/api/ops/v1/bank-payments/${payment?.id}/credit`, {
            headers: OPS,
            data: { provider: 'askmebet' },
          })
        : await page.request.post(`/api/ops/v1/bank-payments/${payment?.id}/refund`, {
            headers: OPS,
            data: { bankReference: `RF-${code}` },
          });
    expect(resolved.status(), await resolved.text()).toBe(200);
    const credit = formatMinor(convert('DEPOSIT', 99000n, await thbRates(page)), 'THB');

    // A notice tells the player, on any page, and the notices list says what became of the money.
    const kind = resolution === 'credit' ? 'PAYMENT_CREDITED' : 'PAYMENT_REFUNDED';
    await page.goto('/player');
    await expect(page.getByTestId('notice-banner')).toContainText(
      text(language, `security.notices.kind.${kind}`),
    );
    await page.goto('/player/security');
    const notice = page.locator(`[data-testid="notice-row"][data-kind="${kind}"]`);
    await expect(notice).toContainText(
      resolution === 'credit'
        ? text(language, 'security.notices.payment.credited', {
            code,
            paid: lak('99000'),
            credit: thb(credit),
            provider: 'AskMeBet',
          })
        : text(language, 'security.notices.payment.refunded', { code, paid: lak('99000') }),
    );

    // History: still what was paid, and the final state in words.
    await page.goto('/player/deposit/history');
    await expect(row.getByTestId('status-chip')).toHaveAttribute(
      'data-status',
      resolution === 'credit' ? 'SUCCESS' : 'REJECTED',
    );
    await expect(row.getByTestId(`deposit-paid-${code}`)).toHaveText(
      text(language, 'deposit.paidLine', { paid: lak('99000') }),
    );
    await expect(row.getByTestId(`deposit-state-${code}`)).toHaveText(
      resolution === 'credit'
        ? text(language, 'deposit.outcome.credited', { credit: thb(credit) })
        : text(language, 'deposit.outcome.refunded', { refunded: lak('99000') }),
    );
    await page.screenshot({ path: `/tmp/shots-0074/resolved-history-${language}.png`, fullPage: true });
  });

  test.describe(() => {
    // First-order-only promotions look at every player sharing the device fingerprint: a screen size of its
    // own makes this browser a new device, whatever the other tests deposit meanwhile.
    test.use({ screen: { width: 1300 + randomInt(600), height: 800 + randomInt(400) } });

    test(`${language}, 375 px: a promotion's rules before it is taken, the welcome bonus offered at the first deposit, refusals that name their numbers`, async ({
      page,
    }) => {
      test.slow();
      await registerViaApi(page);
      await addBankAccountViaApi(page);
      await useLanguage(page, language);
      const welcome = await demoPromotion(page, 'welcome-bonus');
      const reload = await demoPromotion(page, 'daily-reload');

      // The first deposit: the welcome bonus is offered where it starts; Use shows its rules before taking it.
      await page.goto('/player/deposit');
      const offer = page.getByTestId('welcome-offer');
      await expect(offer).toBeVisible();
      await expect(offer).toContainText(shownText(language, welcome.title[language]));
      await chooseOption(page, 'promotion-provider', /AskMeBet/, offer);
      await offer.getByTestId('promotion-use').click();
      const offerRules = offer.getByTestId('promotion-terms').getByTestId('promotion-rules');
      await expect(offerRules).toContainText(text(language, 'promotion.rules.firstOrderOnly'));
      await expect(offerRules).toContainText(
        text(language, 'promotion.rules.lockedGame', { provider: 'AskMeBet' }),
      );
      await expect(offerRules).toContainText(
        text(language, 'promotion.rules.creditBelow', { threshold: thb('5.00') }),
      );
      await expect(offerRules).toContainText(
        text(language, 'promotion.rules.targetMultiplier', { factor: '3' }),
      );
      await page.screenshot({ path: `/tmp/shots-0074/welcome-offer-rules-${language}.png`, fullPage: true });
      // Not taken until the player agrees to them.
      const using = async () =>
        ((await (await page.request.get('/api/v2/players/promotions/using')).json()) as { usage: unknown })
          .usage;
      expect(await using()).toBeNull();
      await offer.getByTestId('promotion-use-confirm').click();
      // Taken: the offer gives way to the form, locked to the promotion's game and amount.
      await expect(offer).toHaveCount(0);
      const amount = page.getByTestId('deposit-form').locator('input[name="amount"]');
      await expect(amount).toHaveValue('100,000');
      await expect(amount).toHaveAttribute('readonly', '');
      await chooseOption(page, 'deposit-bank-account', /.+/);
      await chooseOption(page, 'deposit-channel', /.+/);
      await page.getByTestId('deposit-submit').click();
      await page.getByTestId('sandbox-pay').click();
      await expect(page.getByTestId('deposit-success')).toBeVisible({ timeout: 20_000 });
      const rates = await thbRates(page);
      const credit = convert('DEPOSIT', 100000n, rates);
      const welcomeTerms = {
        bonus: {
          type: 'PERCENT' as const,
          value: parseScaled(welcome.bonus.value),
          max: parseScaled(welcome.bonus.max ?? '0'),
        },
        target: { type: 'MULTIPLIER' as const, value: parseScaled(welcome.targetCredit.value) },
      };
      const bonus = bonusFor(welcomeTerms, credit);
      const balance = credit + bonus;
      const target = targetFor(welcomeTerms, credit, bonus);

      // Another promotion's card: Use shows its rules for the game chosen first, and Back takes nothing.
      await page.goto('/player/promotion');
      const reloadCard = page.locator(`[data-testid="promotion-card"][data-promotion-id="${reload.id}"]`);
      await chooseOption(page, 'promotion-provider', /Alphabet/, reloadCard);
      await reloadCard.getByTestId('promotion-use').click();
      const terms = reloadCard.getByTestId('promotion-terms');
      await expect(terms).toBeInViewport();
      await expect(terms).toContainText(
        text(language, 'promotion.rules.lockedGame', { provider: 'Alphabet' }),
      );
      await expect(terms).toContainText(
        text(language, 'promotion.rules.creditBelow', { threshold: thb('5.00') }),
      );
      await expect(terms).toContainText(text(language, 'promotion.rules.targetMultiplier', { factor: '2' }));
      await page.screenshot({ path: `/tmp/shots-0074/promotion-rules-${language}.png` });
      await terms.getByTestId('promotion-use-back').click();
      await expect(terms).toHaveCount(0);
      expect(await using()).toMatchObject({ promotionId: welcome.id, status: 'USED' });

      // A deposit to another game: the rule is on the form, and the refusal names the game, its credit and the
      // threshold.
      await page.goto('/player/deposit');
      await expect(page.getByTestId('deposit-promotion-in-use')).toContainText(thb('5.00'));
      await chooseOption(page, 'deposit-provider', /Alphabet/);
      await chooseOption(page, 'deposit-bank-account', /.+/);
      await chooseOption(page, 'deposit-channel', /.+/);
      await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('50000');
      await page.getByTestId('deposit-submit').click();
      await expect(page.getByTestId('deposit-error')).toHaveText(
        text(language, 'deposit.errors.PROMOTION_CREDIT_USED', {
          provider: 'AskMeBet',
          current: thb(formatMinor(balance, 'THB')),
          threshold: thb('5.00'),
        }),
      );

      // Withdraw: the target is said before asking, and the refusal says what is missing.
      await page.goto('/player/withdraw');
      await chooseOption(page, 'withdraw-provider', /AskMeBet/);
      await expect(page.getByTestId('withdraw-promotion-note')).toContainText(
        thb(formatMinor(target, 'THB')),
      );
      await chooseOption(page, 'withdraw-bank-account', /.+/);
      await page.getByTestId('withdraw-form').locator('input[name="credit"]').fill('150.00');
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('withdraw-error')).toHaveText(
        text(
          language,
          'PROMOTION_CREDIT_NOT_REACHED',
          {
            current: thb(formatMinor(balance, 'THB')),
            target: thb(formatMinor(target, 'THB')),
            missing: thb(formatMinor(target + 1n - balance, 'THB')),
          },
          'errors',
        ),
      );
    });
  });

  test(`${language}, 375 px: a deposit refusal lands in view and focused while the phone is scrolled to the button; after paying, the result card is in view`, async ({
    page,
  }) => {
    test.slow();
    await registerViaApi(page);
    await addBankAccountViaApi(page);
    await useLanguage(page, language);
    // A daily limit below the deposit: the server refuses it (DEPOSIT_LIMIT_REACHED).
    const limited = await page.request.put('/api/v2/players/limits', {
      data: { daily: '30000', weekly: null, monthly: null },
    });
    expect(limited.status(), await limited.text()).toBe(200);

    await page.goto('/player/deposit');
    await chooseOption(page, 'deposit-provider', /AskMeBet/i);
    await chooseOption(page, 'deposit-bank-account', /.+/);
    await chooseOption(page, 'deposit-channel', /.+/);
    await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('50000');
    await page.getByTestId('deposit-submit').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId('deposit-provider')).not.toBeInViewport();
    await page.getByTestId('deposit-submit').click();
    const error = page.getByTestId('deposit-error');
    await expect(error).toContainText(
      text(
        language,
        'DEPOSIT_LIMIT_REACHED',
        { period: text(language, 'playLimits.period.daily'), remaining: lak('30000') },
        'errors',
      ),
    );
    await expect(error).toBeInViewport({ ratio: 1 });
    await expect(error).toBeFocused();
    await page.screenshot({ path: `/tmp/shots-0074/error-in-view-${language}.png` });

    // Within the limit: the QR, paid from the sandbox bank button low on the page, then the result card.
    await page.getByTestId('deposit-form').locator('input[name="amount"]').fill('20000');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await page.getByTestId('sandbox-pay').click();
    const success = page.getByTestId('deposit-success');
    await expect(success).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('deposit-success-title')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('deposit-success-title')).toBeFocused();
  });
}
