import { ZResealSecretsResponse } from '@lc/shared/contracts/ops-provider-settings';
import { EXIT, type OpsCommand } from '../command';

/** Key rotation (docs/go-live.md): seal every stored credential again under the new SECRETS_KEY. */
export const secretsResealCommand: OpsCommand = {
  name: 'secrets reseal',
  summary:
    'After rotating SECRETS_KEY: seal every credential again under the new key (exit 1 if any is unreadable)',
  usage: '[--json]',
  options: { json: { type: 'boolean', description: 'print the JSON answer' } },
  async run({ client, out }, { options }) {
    const { body } = await client.request('POST', '/api/ops/v1/secrets/reseal', ZResealSecretsResponse, {
      body: {},
    });
    if (options.json) out(JSON.stringify(body));
    else {
      out(`sealed again: ${body.resealed}; unreadable: ${body.unreadable}`);
      if (body.unreadable > 0)
        out('unreadable credentials were sealed under a key neither current nor previous');
    }
    return body.unreadable === 0 ? EXIT.OK : EXIT.FAILED;
  },
};
