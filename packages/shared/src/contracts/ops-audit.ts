import { z } from 'zod';
import { ZExportFormat, ZPage, ZPageQuery } from './common';

/** The parts of a player's page in the back office; reading each is an access-log entry `player.<part>.read`. */
export const PLAYER_PAGE_PARTS = [
  'ledger',
  'audit',
  'sessions',
  'devices',
  'notes',
  'promotion-usages',
  'balances',
] as const;
export type TPlayerPagePart = (typeof PLAYER_PAGE_PARTS)[number];

/**
 * What staff (or the worker) *did*, each written as `noun.verb` in the audit log. The API writes no other
 * (AuditEntry's type), and the console translates each (decision 0076): a new action is added here first.
 */
export const AUDIT_ACTIONS = [
  'agency.create',
  'agency.logo',
  'agency.update',
  'approval.approve',
  'approval.close',
  'approval.reject',
  'approval.request',
  'bank-payment.credit',
  'bank-payment.refund',
  'deposit.confirm',
  'deposit.reject',
  'exchange-rate.set',
  'payment-channel.save',
  'player.block',
  'player.credit',
  'player.note',
  'player.sessions.end',
  'player.unblock',
  'promotion.activate',
  'promotion.create',
  'promotion.deactivate',
  'promotion.update',
  'provider-settings.check',
  'provider-settings.update',
  'reconciliation.run',
  'staff.activate',
  'staff.create',
  'staff.deactivate',
  'staff.login',
  'staff.password',
  'staff.reset-totp',
  'staff.role',
  'staff.totp-enrol',
  'withdrawal.approve',
  'withdrawal.bounced',
  'withdrawal.credit-back',
  'withdrawal.reject',
  'withdrawal.repay',
] as const;

/** What staff *looked at*: the access log (decision 0076), apart from the actions. */
export const ACCESS_ACTIONS = [
  'deposits.list',
  'withdrawals.list',
  'promotions.list',
  'players.list',
  'players.read',
  'reports.settlement',
  ...PLAYER_PAGE_PARTS.map((part) => `player.${part}.read` as const),
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export type TAccessAction = (typeof ACCESS_ACTIONS)[number];

/** `action`: the audit log proper (what was done); `access`: the access log (what was looked at). */
export const AUDIT_KINDS = ['action', 'access'] as const;
export type TAuditKind = (typeof AUDIT_KINDS)[number];

const ZFilterText = z.string().trim().min(1).max(200).optional();
const ZDateFilter = z.iso.datetime({ offset: true, message: 'INVALID_FORMAT' }).optional();

/**
 * GET /api/ops/v1/audit: `actor` and `action` match exactly, `object` as given or as a prefix ending in ':';
 * `kind=access` reads the access log instead of the actions.
 */
export const ZAuditQuery = ZPageQuery.extend({
  actor: ZFilterText,
  action: ZFilterText,
  object: ZFilterText,
  from: ZDateFilter,
  to: ZDateFilter,
  /** The audit log (default) or the access log. */
  kind: z.enum(AUDIT_KINDS).default('action'),
  format: ZExportFormat,
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  at: z.string(),
  actor: z.string(),
  ip: z.string().nullable(),
  /** An {@link AUDIT_ACTIONS} or {@link ACCESS_ACTIONS} code, or `METHOD /route` of a refused request. */
  action: z.string(),
  kind: z.enum(AUDIT_KINDS),
  object: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  outcome: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditResponse = ZPage(ZAuditEntry);
