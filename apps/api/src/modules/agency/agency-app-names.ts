import { DEMO_AGENCY_CODE } from './seed-demo-agency';

/** The short names an agency's installed app shows under its icon, in Lao and in Thai. */
export type AgencyAppNames = { lo: string; th: string };

/**
 * Short names by agency code. Kept here, not in the agencies table, until the migration sequence is free
 * (decision 0042): an agency without an entry shows its own name in every language.
 */
const APP_NAMES: Record<string, AgencyAppNames> = {
  [DEMO_AGENCY_CODE]: { lo: 'ລາວເຄຣດິດ', th: 'ลาวเครดิต' },
};

export function appNamesOf(agency: { code: string; name: string }): AgencyAppNames {
  return APP_NAMES[agency.code] ?? { lo: agency.name, th: agency.name };
}
