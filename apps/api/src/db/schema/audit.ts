import type { TAuditKind } from '@lc/shared/contracts/ops-audit';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to what, for every ops action (domain.md security baseline). Append-only: a trigger refuses
 * UPDATE and DELETE, so a leaked ops token cannot erase its own trail through the API or a bug.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A staff member's username, `automation` (OPS_TOKEN), `worker`; before decision 0040 `ops:<8 hex>`.
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // Rows written before staff accounts (decision 0040) have no agency, staff, address or outcome.
    agencyId: uuid('agency_id'),
    staffId: uuid('staff_id'),
    ip: text('ip'),
    // OK, or REFUSED / FAILED with the error code: refused actions and failed logins are audited too.
    outcome: text('outcome').notNull().default('OK'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    // `action`: something staff did; `access`: something they looked at (the access log, decision 0076).
    kind: text('kind').$type<TAuditKind>().notNull().default('action'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // A player's page reads its rows newest first (`player:<id>`): target then time, one index scan.
    index('audit_log_target_created_idx').on(t.target, t.createdAt),
    // The audit log and the access log are each read newest first per agency: one index scan each.
    index('audit_log_agency_kind_created_idx').on(t.agencyId, t.kind, t.createdAt),
    check('audit_log_kind_ck', sql`${t.kind} IN ('action', 'access')`),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
