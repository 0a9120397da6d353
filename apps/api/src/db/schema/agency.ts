import type { TPaymentChannel, TSocialLinks } from '@lc/shared/contracts/agency';
import type { TPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import type { TLanguage } from '@lc/shared/languages';
import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A payment channel as stored: the public part (agency info) plus how its LaoQR is issued, which only the
 * server reads (contracts/payment-channels.ts). Optional because channels saved before these settings existed
 * lack them: such a channel takes no deposits until ops set it (`receivingAccount` is what they had instead).
 */
export type PaymentChannelSettings = TPaymentChannel &
  Partial<Omit<TPaymentChannelSettings, keyof TPaymentChannel>> & {
    /** Before bank-issued receiver ids: a bare account number, never put into a QR again. */
    receivingAccount?: string;
  };

export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull(),
  social: jsonb('social').$type<TSocialLinks>().notNull(),
  contactPhone: text('contact_phone'),
  contactEmail: text('contact_email'),
  languages: jsonb('languages').$type<TLanguage[]>().notNull(),
  paymentChannels: jsonb('payment_channels').$type<PaymentChannelSettings[]>().notNull(),
  // Money limits in minor units: LAK in whole kip, THB credit in satang (domain.md).
  depositMinLak: bigint('deposit_min_lak', { mode: 'bigint' }).notNull(),
  depositMaxLak: bigint('deposit_max_lak', { mode: 'bigint' }).notNull(),
  withdrawMinSatang: bigint('withdraw_min_satang', { mode: 'bigint' }).notNull(),
  withdrawMaxSatang: bigint('withdraw_max_satang', { mode: 'bigint' }).notNull(),
  promotionThresholdSatang: bigint('promotion_threshold_satang', { mode: 'bigint' }).notNull(),
  // A withdrawal approval above this needs a second staff member (backoffice.md four eyes): 10,000.00 THB.
  approvalThresholdSatang: bigint('approval_threshold_satang', { mode: 'bigint' })
    .notNull()
    .default(sql`1000000`),
  isSandbox: boolean('is_sandbox').notNull().default(false),
  // Switched off by the platform: its hosts answer 404 AGENCY_NOT_FOUND (agency-repository.ts).
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Host names an agency answers on (lower-case, no port). */
export const agencyHosts = pgTable('agency_hosts', {
  host: text('host').primaryKey(),
  agencyId: uuid('agency_id')
    .notNull()
    .references(() => agencies.id, { onDelete: 'cascade' }),
});

export type AgencyRow = typeof agencies.$inferSelect;
