import { ZDoctorResponse } from '@lc/shared/contracts/ops-doctor';
import { EXIT, type OpsCommand } from '../command';

/** Readiness (go-live): exit 0 when the deployment is ready for real money, 1 naming each missing piece. */
export const doctorCommand: OpsCommand = {
  name: 'doctor',
  summary: 'Is the deployment ready for real money? Names each missing piece (exit 0 ready, 1 not)',
  usage: '[--json]',
  options: { json: { type: 'boolean', description: 'print the JSON answer' } },
  async run({ client, out }, { options }) {
    const { body } = await client.request('GET', '/api/ops/v1/doctor', ZDoctorResponse);
    if (options.json) out(JSON.stringify(body));
    else {
      for (const check of body.checks) {
        out(
          `${check.ok ? 'ok  ' : 'MISSING'} ${check.agency ? `${check.agency}: ` : ''}${check.name} — ${check.detail}`,
        );
      }
      out(body.ready ? 'ready' : `not ready: ${body.checks.filter((check) => !check.ok).length} missing`);
    }
    return body.ready ? EXIT.OK : EXIT.FAILED;
  },
};
