import type { TReconciliationResponse } from '@lc/shared/contracts/reconciliation';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const bearer = (app: FastifyInstance) => ({ authorization: `Bearer ${app.opsToken.token}` });

/**
 * Starts a reconciliation run through the ops API (202), waits until it is stored, and answers
 * `GET /api/ops/v1/reconciliation`, which must then be that run: what tests call "reconcile now".
 */
export async function runReconciliationNow(
  app: FastifyInstance,
  kind: 'ACTIVITY' | 'FULL' = 'ACTIVITY',
): Promise<TReconciliationResponse> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/ops/v1/reconciliation/runs',
    headers: bearer(app),
    payload: { kind },
  });
  expect(started.statusCode).toBe(202);
  const { id } = started.json().run;
  for (let attempt = 0; attempt < 600; attempt++) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/ops/v1/reconciliation/runs/${id}`,
      headers: bearer(app),
    });
    expect(res.statusCode).toBe(200);
    if (res.json().run.status !== 'RUNNING') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const latest = await app.inject({ method: 'GET', url: '/api/ops/v1/reconciliation', headers: bearer(app) });
  expect(latest.statusCode).toBe(200);
  const report: TReconciliationResponse = latest.json();
  expect(report.run).toMatchObject({ id, status: 'DONE' });
  return report;
}
