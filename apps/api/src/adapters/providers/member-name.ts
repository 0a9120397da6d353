import { createHash } from 'node:crypto';
import type { ProviderMember } from './game-provider';

/** Providers take short lower-case member names; ours fit the strictest: ≤ 20 chars of [a-z0-9_]. */
export const MEMBER_NAME = /^[a-z0-9_]{1,20}$/;

const PREFIX_MAX = 7;

/**
 * The provider-side member name of a player: `<agency code>_<12 hex>`, e.g. `demo_3f9c0a17b2e4`.
 * Deterministic, so a lost answer or a restart never creates a second member. The hex comes from a hash of
 * the player id rather than from the id itself, so it stays random even for time-ordered UUIDs.
 */
export function providerMemberOf(agencyCode: string, playerId: string): ProviderMember {
  const prefix =
    agencyCode
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, PREFIX_MAX) || 'lc';
  const digest = createHash('sha256').update(playerId.toLowerCase()).digest('hex').slice(0, 12);
  return { username: `${prefix}_${digest}` };
}
