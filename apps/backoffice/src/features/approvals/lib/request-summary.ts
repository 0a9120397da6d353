import type { TApproval } from '@lc/shared/contracts/ops-approvals';
import { formatCurrency } from '@lc/ui/format-currency';

/** A value that is itself translated: a key, or keys tried in order (the last may be the raw text). */
export type TTranslated = { t: string | string[] };

/**
 * One part of a request's summary: a translated sentence, or a value staff copy (a code, a username, a
 * reference) shown as plain text with its label's key.
 */
export type TSummaryPart =
  | { type: 'text'; key: string; values: Record<string, string | TTranslated> }
  | { type: 'copy'; value: string; label?: string; testId?: string };

/**
 * What a four-eyes request asks for, by kind, from its payload (ops-approvals.ts): an adjustment's amount,
 * provider and player; a role change; a large payout's withdrawal code, player, payout and credit, and the
 * bank reference it will be paid with; a rate change's currency with buy and sell from → to. Pure: the
 * component translates the keys. Amounts go through the one formatter (decision 0030); rates are kip per
 * unit and shown as the API writes them, as on the Settings page.
 */
export function summariseRequest(approval: Pick<TApproval, 'kind' | 'payload'>): TSummaryPart[] {
  const payload = approval.payload;
  const text = (key: string, values: Record<string, string | TTranslated>): TSummaryPart => ({
    type: 'text',
    key,
    values,
  });
  switch (approval.kind) {
    case 'ROLE_CHANGE':
      return [
        text('approvals.roleChange', {
          username: payload.username ?? '',
          from: { t: `role.${payload.from}` },
          to: { t: `role.${payload.to}` },
        }),
      ];
    case 'WITHDRAWAL_APPROVAL': {
      const parts: TSummaryPart[] = [
        {
          type: 'copy',
          value: payload.code ?? '',
          label: 'approvals.withdrawalCode',
          testId: 'approval-code',
        },
        { type: 'copy', value: payload.username ?? '', label: 'player', testId: 'approval-username' },
        text('approvals.payout', {
          payout: formatCurrency(payload.payoutAmount ?? '0', 'LAK'),
          credit: formatCurrency(payload.credit ?? '0', 'THB'),
        }),
      ];
      if (payload.bankReference)
        parts.push({
          type: 'copy',
          value: payload.bankReference,
          label: 'bankReference',
          testId: 'approval-bank-reference',
        });
      return parts;
    }
    case 'RATE_CHANGE':
      return [
        text('approvals.rateChange', { currency: payload.currency ?? '' }),
        text('approvals.rateBuy', { from: payload.previousBuy ?? '—', to: payload.buy ?? '—' }),
        text('approvals.rateSell', { from: payload.previousSell ?? '—', to: payload.sell ?? '—' }),
      ];
    case 'ADJUSTMENT': {
      const parts: TSummaryPart[] = [
        text('approvals.adjustment', {
          amount: formatCurrency(payload.amount ?? '0'),
          provider: { t: [`providers.${payload.provider}`, payload.provider ?? ''] },
        }),
      ];
      if (payload.playerId) parts.push({ type: 'copy', value: payload.playerId });
      return parts;
    }
    case 'BOUNCE_CREDIT_BACK':
      return [
        {
          type: 'copy',
          value: payload.code ?? '',
          label: 'approvals.withdrawalCode',
          testId: 'approval-code',
        },
        { type: 'copy', value: payload.username ?? '', label: 'player', testId: 'approval-username' },
        text('approvals.creditBack', {
          credit: formatCurrency(payload.credit ?? '0', 'THB'),
          reference: payload.bounceReference ?? '',
        }),
      ];
    case 'PROVIDER_SETTINGS':
      // The credentials arrive as "•••": sealed at the server, never shown to anyone.
      return [
        text(payload.enabled === 'false' ? 'approvals.providerOff' : 'approvals.providerSettings', {
          provider: { t: [`providers.${payload.provider}`, payload.provider ?? ''] },
          protocol: payload.protocol ?? '',
        }),
        { type: 'copy', value: payload.url ?? '', label: 'approvals.providerUrl' },
      ];
    case 'CHANNEL_SETTINGS':
      return [
        text('approvals.channelSettings', {
          code: payload.code ?? '',
          name: payload.displayName ?? '',
          mid: payload.mid ?? '',
        }),
        { type: 'copy', value: payload.receiverId ?? '', label: 'settings.channelFields.receiverId' },
      ];
    case 'STAFF_CREATE':
      return [
        text('approvals.staffCreate', {
          username: payload.username ?? '',
          displayName: payload.displayName ?? '',
          role: { t: `role.${payload.role}` },
        }),
      ];
  }
}
