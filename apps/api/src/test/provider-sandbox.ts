import type { TProvider } from '@lc/shared/providers';
import type { LightMyRequestResponse } from 'fastify';
import { signRequest } from '../adapters/providers/signing';
import type { App } from '../app';

/**
 * A request to the built-in sandbox provider signed like HttpGameProvider signs it (by `inject`, so the app
 * need not listen). `path` is relative to /sandbox/providers/{provider}, e.g. `/members/demo_ab12/balance`.
 */
export async function signedSandboxRequest(
  app: App,
  provider: TProvider,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const url = `/sandbox/providers/${provider}${path}`;
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(app.now().getTime());
  return app.inject({
    method,
    url,
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      'x-timestamp': timestamp,
      'x-signature': signRequest(app.providers.signingKeyOf(provider), timestamp, method, url, body),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: body }),
  });
}

/** Sets a member's balance at a sandbox provider (creating the member if needed), e.g. `"250.00"`. */
export async function setSandboxProviderBalance(
  app: App,
  provider: TProvider,
  username: string,
  balance: string,
): Promise<void> {
  const created = await signedSandboxRequest(app, provider, 'POST', '/members', { username });
  if (created.statusCode >= 300) throw new Error(`sandbox member: ${created.statusCode} ${created.body}`);
  const path = `/members/${encodeURIComponent(username)}/balance`;
  const set = await signedSandboxRequest(app, provider, 'POST', path, { balance });
  if (set.statusCode !== 200) throw new Error(`sandbox balance: ${set.statusCode} ${set.body}`);
}
