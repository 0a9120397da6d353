import type { TPaymentChannel, TSocialLinks } from '@lc/shared/contracts/agency';
import type { TLanguage } from '@lc/shared/languages';
import type { TBank } from '@lc/shared/providers';
import { bigint, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A payment channel as stored: the public part (agency info) plus where its LaoQR pays to, which only the
 * server reads. Optional because channels saved before deposits existed lack them (such a channel cannot
 * take deposits until ops fill them in; the sandbox seed fills the demo's).
 */
export type PaymentChannelSettings = TPaymentChannel & {
  receivingBank?: TBank;
  receivingAccount?: string;
  /** EMVCo tag 59: printable ASCII, at most 25 characters. */
  merchantName?: string;
  /** EMVCo tag 60: printable ASCII, at most 15 characters. */
  merchantCity?: string;
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
  isSandbox: boolean('is_sandbox').notNull().default(false),
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
