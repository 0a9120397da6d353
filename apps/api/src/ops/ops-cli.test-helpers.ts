import type { App } from '../app';
import { runCli } from './run-cli';

export type OpsRun = { code: number; out: string[]; err: string[] };

/**
 * `npm run ops -- …argv` run in-process against a listening test app (its address and ops token), with what
 * it printed; `extraEnv` adds to or overrides that environment.
 */
export function opsCliOf(app: App): (argv: string[], extraEnv?: Record<string, string>) => Promise<OpsRun> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test app is not listening');
  const env = { OPS_URL: `http://127.0.0.1:${address.port}`, OPS_TOKEN: app.opsToken.token };
  return async (argv, extraEnv = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      env: { ...env, ...extraEnv },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out, err };
  };
}
