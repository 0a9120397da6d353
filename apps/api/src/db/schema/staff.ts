import type { TStaffRole } from '@lc/shared/contracts/ops-staff';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { agencies } from './agency';

/**
 * An agency's staff member (backoffice.md). Signs in with a password that the creator never chose for good
 * (`must_change_password` until the member sets their own) and a TOTP the member enrols alone.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').$type<TStaffRole>().notNull(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // Who created the member: a staff member (id and username) or `automation` (the OPS token, id null); null
    // for members made before this was kept. They never approve a request of their creator (decision 0065).
    createdByStaffId: uuid('created_by_staff_id').references((): AnyPgColumn => staff.id),
    createdBy: text('created_by'),
  },
  (t) => [
    unique('staff_agency_username_uq').on(t.agencyId, t.username),
    check('staff_role_ck', sql`${t.role} in ('support', 'cashier', 'finance', 'admin')`),
  ],
);

/** A staff member's TOTP: the same shape and rules as `player_totp` (one second-factor code path). */
export const staffTotp = pgTable('staff_totp', {
  staffId: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [unique('staff_recovery_codes_staff_hash_uq').on(t.staffId, t.codeHash)],
);

/** Staff sessions: the cookie token's SHA-256 only, as for players; 15 min idle, 8 h absolute. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

export type StaffRow = typeof staff.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
