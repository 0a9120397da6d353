import { randomBytes } from 'node:crypto';
import type { App } from '../app';

/** An agency made the way the platform makes one (POST /api/ops/v1/agencies, OPS token), answering on `host`. */
export async function platformAgency(app: App, host: string): Promise<{ id: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/ops/v1/agencies',
    headers: { authorization: `Bearer ${app.opsToken.token}` },
    payload: {
      name: `Agency of ${host}`,
      hosts: [host],
      admin: { username: `a${randomBytes(5).toString('hex')}`, displayName: 'Admin' },
    },
  });
  if (res.statusCode !== 201) throw new Error(`agency create: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { agency: { id: string } }).agency.id };
}
