import { describe, expect, it } from 'vitest';
import { actionWords, describeChange, objectWords, outcomeWords } from './audit-words';

describe('audit entries in words', () => {
  it('names an action by its translation key; a refused request by its route', () => {
    expect(actionWords('bank-payment.credit')).toEqual({
      t: ['auditActions.bank-payment.credit', 'bank-payment.credit'],
    });
    expect(actionWords('player.ledger.read')).toEqual({
      t: ['auditActions.player.ledger.read', 'player.ledger.read'],
    });
    expect(actionWords('POST /api/ops/v1/deposits/:code/confirm')).toEqual({
      t: ['audit.refusedRequest'],
      values: { request: 'POST /deposits/:code/confirm' },
    });
  });

  it("a credited payment's details read as labelled values: kip, baht, provider and reason in words", () => {
    const lines = describeChange({
      action: 'bank-payment.credit',
      before: null,
      after: {
        bankReference: 'BCEL-1',
        reason: 'LATE',
        amount: '100000',
        provider: 'gclub',
        deposit: 'D2611290001AB',
        credit: '156.12',
      },
    });
    expect(lines).toEqual([
      { path: ['bankReference'], after: { text: 'BCEL-1' } },
      { path: ['reason'], after: { t: ['bankPayments.reasons.LATE', 'LATE'] } },
      { path: ['amount'], after: { text: '₭100,000' } },
      { path: ['provider'], after: { t: ['providers.gclub', 'gclub'] } },
      { path: ['deposit'], after: { text: 'D2611290001AB' } },
      { path: ['credit'], after: { text: '฿156.12' } },
    ]);
  });

  it('with a before and an after, only what changed, nested fields by their path', () => {
    const lines = describeChange({
      action: 'agency.update',
      before: { name: 'Demo', limits: { depositMin: '20000', approvalThreshold: '10000.00' }, active: true },
      after: { name: 'Demo', limits: { depositMin: '50000', approvalThreshold: '10000.00' }, active: false },
    });
    expect(lines).toEqual([
      { path: ['limits', 'depositMin'], before: { text: '20000' }, after: { text: '50000' } },
      { path: ['active'], before: { t: ['audit.yes'] }, after: { t: ['audit.no'] } },
    ]);
  });

  it('outcomes and objects', () => {
    expect(outcomeWords('OK')).toEqual({ outcome: { t: ['audit.outcomes.OK', 'OK'] } });
    expect(outcomeWords('REFUSED:FORBIDDEN_ROLE')).toEqual({
      outcome: { t: ['audit.outcomes.REFUSED', 'REFUSED:FORBIDDEN_ROLE'] },
      error: { t: ['errors:FORBIDDEN_ROLE', 'FORBIDDEN_ROLE'] },
    });
    expect(objectWords('bank-payment:0b6f1c1e-3f8e-4c1e-9a55-9d2f3c1b2a10')).toEqual({
      kind: { t: ['audit.objects.bank-payment', 'bank-payment'] },
      id: '0b6f1c1e-3f8e-4c1e-9a55-9d2f3c1b2a10',
      shortId: '0b6f1c1e…',
    });
    expect(objectWords('deposit:D2611290001AB')?.shortId).toBe('D2611290001AB');
  });
});
