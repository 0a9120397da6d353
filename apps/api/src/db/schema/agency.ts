import type { TPaymentChannel, TSocialLinks } from '@lc/shared/contracts/agency';
import type { TPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import type { TLanguage } from '@lc/shared/languages';
import type { TBank, TProvider } from '@lc/shared/providers';
import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  // One transfer of credit between two providers (decision 0072): 1.00 to 100,000.00 THB unless set.
  transferMinSatang: bigint('transfer_min_satang', { mode: 'bigint' }).notNull().default(sql`100`),
  transferMaxSatang: bigint('transfer_max_satang', { mode: 'bigint' }).notNull().default(sql`10000000`),
  // A withdrawal approval above this needs a second staff member (backoffice.md four eyes): 10,000.00 THB.
  approvalThresholdSatang: bigint('approval_threshold_satang', { mode: 'bigint' })
    .notNull()
    .default(sql`1000000`),
  // What players see of the brand (go-live): the primary colour of their app, and the banks the agency
  // accepts for players' accounts (a subset of the six, shown in the footer and offered by the bank form).
  themePrimaryColor: text('theme_primary_color').notNull().default('#e8b931'),
  acceptedBanks: jsonb('accepted_banks')
    .$type<TBank[]>()
    .notNull()
    .default(sql`'["bcel","jdb","ldb","indochina","kasikam","lvb"]'::jsonb`),
  // A deposit needs the provider's credit below this (THB satang), the spec's "credit must be below a
  // threshold"; null: no such rule.
  creditBelowSatang: bigint('credit_below_satang', { mode: 'bigint' }),
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

/**
 * The logo an agency's admin uploaded (PNG, or SVG checked for scripts and outside references), served to
 * players at `logoUrl`. Kept in the database so every API process serves the same one.
 */
export const agencyLogos = pgTable('agency_logos', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bodyBase64: text('body_base64').notNull(),
  // The body's sha256 (hex): the logo's URL carries it, so a new logo is a new URL (immutable caching).
  sha256: text('sha256').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * How an agency reaches one game provider (go-live): the protocol, the base URL and the credentials, sealed
 * with SECRETS_KEY (lib/secret-box.ts) and never answered. Written only by an approved PROVIDER_SETTINGS
 * request; without a row the agency uses the deployment's default (PROVIDER_<NAME>_URL/_KEY).
 */
export const agencyProviderSettings = pgTable(
  'agency_provider_settings',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<TProvider>().notNull(),
    protocol: text('protocol').notNull(),
    url: text('url').notNull(),
    credentialsSealed: text('credentials_sealed').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    // The last *Check* (a balance look-up of the agency's check member): when, whether it answered, what.
    lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
    lastCheckOk: boolean('last_check_ok'),
    lastCheckDetail: text('last_check_detail'),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.provider] })],
);

export type AgencyProviderSettingsRow = typeof agencyProviderSettings.$inferSelect;
