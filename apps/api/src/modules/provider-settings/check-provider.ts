import type { TProviderCheckResponse } from '@lc/shared/contracts/ops-provider-settings';
import { formatMinor } from '@lc/shared/money';
import type { TProvider } from '@lc/shared/providers';
import type { FastifyInstance } from 'fastify';
import { providerMemberOf } from '../../adapters/providers/member-name';
import type { AgencyRow } from '../../db/schema/agency';
import { type AuditScope, recordAudit } from '../ops/record-audit';
import { recordProviderCheck } from './provider-settings-repository';

/** The member a *Check* reads: the agency's own, never a player's (created at the first check). */
export const checkMemberOf = (agency: Pick<AgencyRow, 'code'>) =>
  providerMemberOf(agency.code, 'provider-check');

/**
 * POST settings/providers/{provider}/check: does the agency's way to `provider` answer? A balance look-up of its
 * check member through exactly the client money calls use; the answer, its time and how long it took are
 * kept (on the agency's own settings) and audited. Never throws for a provider that does not answer: that is
 * the answer.
 */
export async function checkProvider(
  app: FastifyInstance,
  input: { agency: AgencyRow; provider: TProvider; actor: string; scope: AuditScope },
): Promise<TProviderCheckResponse> {
  const { agency, provider } = input;
  const client = app.providers.of(agency.id, provider);
  const member = checkMemberOf(agency);
  const started = performance.now();
  let answer: { ok: boolean; detail: string };
  try {
    await client.ensureMember(member);
    const balance = await client.getBalance(member);
    answer = { ok: true, detail: `balance ${formatMinor(balance, 'THB')} THB` };
  } catch (error) {
    answer = { ok: false, detail: error instanceof Error ? error.message.slice(0, 300) : 'no answer' };
  }
  const ms = Math.round(performance.now() - started);
  const at = app.now();
  await app.db.transaction(async (tx) => {
    await recordProviderCheck(tx, agency.id, provider, { at, ...answer });
    await recordAudit(tx, {
      actor: input.actor,
      scope: input.scope,
      action: 'provider-settings.check',
      target: `provider:${provider}`,
      details: { ...answer, ms },
      outcome: answer.ok ? 'OK' : 'FAILED:PROVIDER_UNAVAILABLE',
      at,
    });
  });
  return { ...answer, ms };
}
