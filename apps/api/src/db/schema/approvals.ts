import type { TApprovalKind, TApprovalStatus } from '@lc/shared/contracts/ops-approvals';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency';
import { staff } from './staff';

/**
 * Four-eyes requests (backoffice.md): what one staff member asked for, kept until a second one of role
 * finance or admin approves or rejects it. `payload` is what will be done, exactly as requested.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').$type<TApprovalKind>().notNull(),
    status: text('status').$type<TApprovalStatus>().notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    reason: text('reason').notNull(),
    // null for the `automation` account (OPS_TOKEN), which may ask but never decide.
    requestedByStaffId: uuid('requested_by_staff_id').references(() => staff.id),
    requestedBy: text('requested_by').notNull(),
    decidedByStaffId: uuid('decided_by_staff_id').references(() => staff.id),
    decidedBy: text('decided_by'),
    decisionReason: text('decision_reason'),
    // What approving did (e.g. the adjustment's ledger reference and status).
    result: jsonb('result').$type<Record<string, string>>(),
    // What the request acts on when only one request may wait for it (`withdrawal:<code>`): a unique index
    // keeps a second PENDING request for the same withdrawal out, whatever the timing.
    subject: text('subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('approvals_agency_status_idx').on(t.agencyId, t.status, t.createdAt),
    check('approvals_status_ck', sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check(
      'approvals_kind_ck',
      sql`${t.kind} in ('ADJUSTMENT', 'ROLE_CHANGE', 'WITHDRAWAL_APPROVAL', 'RATE_CHANGE', 'BOUNCE_CREDIT_BACK', 'STAFF_CREATE', 'PROVIDER_SETTINGS', 'CHANNEL_SETTINGS')`,
    ),
    uniqueIndex('approvals_one_pending_subject_uq')
      .on(t.agencyId, t.subject)
      .where(sql`${t.status} = 'PENDING' AND ${t.subject} IS NOT NULL`),
  ],
);

export type ApprovalRow = typeof approvals.$inferSelect;
