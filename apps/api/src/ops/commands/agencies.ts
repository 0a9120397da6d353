import {
  ZCreateAgencyResponse,
  ZPlatformAgenciesResponse,
  ZPlatformAgencyResponse,
} from '@lc/shared/contracts/ops-agencies';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import { UsageError } from '../parse-args';

// The platform's agencies (go-live): the OPS token alone reaches these. With --json a command prints exactly
// the API's JSON answer, for scripts.

export const agenciesCreateCommand: OpsCommand = {
  name: 'agencies create',
  summary: "Create an agency with its hosts and first admin (prints the admin's one-time password once)",
  usage:
    '--name NAME --host HOST [--host HOST…] --admin USERNAME [--display-name NAME] [--language lo|th|cn|vn] [--json]',
  options: {
    name: { type: 'string', description: "the agency's name", isRequired: true },
    host: { type: 'list', description: 'a host it answers on (repeat for more)', isRequired: true },
    admin: { type: 'string', description: "the first admin's username", isRequired: true },
    'display-name': { type: 'string', description: "the first admin's display name (default: the username)" },
    language: { type: 'string', description: "the players' default language (default lo)" },
    json: { type: 'boolean', description: 'print the JSON answer' },
  },
  async run({ client, out }, { options }) {
    const admin = String(options.admin);
    const { body } = await client.request('POST', '/api/ops/v1/agencies', ZCreateAgencyResponse, {
      body: {
        name: options.name,
        hosts: options.host,
        admin: {
          username: admin,
          displayName: typeof options['display-name'] === 'string' ? options['display-name'] : admin,
        },
        ...(typeof options.language === 'string' ? { defaultLanguage: options.language } : {}),
      },
    });
    if (options.json) {
      out(JSON.stringify(body));
      return EXIT.OK;
    }
    out(`created agency ${body.agency.id} "${body.agency.name}" on ${body.agency.hosts.join(', ')}`);
    out(`first admin ${body.admin.username}, initial password: ${body.admin.initialPassword}`);
    out(
      '(shown once: they sign in on one of its hosts at /backoffice, set their own password and enrol TOTP)',
    );
    return EXIT.OK;
  },
};

export const agenciesListCommand: OpsCommand = {
  name: 'agencies list',
  summary: "List the platform's agencies with their hosts",
  usage: '[--json]',
  options: { json: { type: 'boolean', description: 'print the JSON answer' } },
  async run({ client, out }, { options }) {
    const { body } = await client.request('GET', '/api/ops/v1/agencies', ZPlatformAgenciesResponse);
    if (options.json) {
      out(JSON.stringify(body));
      return EXIT.OK;
    }
    const lines = formatTable(
      [
        { header: 'ID', value: (a) => a.id },
        { header: 'NAME', value: (a) => a.name },
        { header: 'HOSTS', value: (a) => a.hosts.join(',') },
        { header: 'ACTIVE', value: (a) => (a.active ? 'yes' : 'no') },
      ],
      body.items,
    );
    for (const line of lines) out(line);
    out(`${body.items.length} agencies`);
    return EXIT.OK;
  },
};

export const agenciesUpdateCommand: OpsCommand = {
  name: 'agencies update',
  summary: 'Rename an agency, replace its hosts, or switch it off (hosts 404, sessions end) and on',
  usage: 'ID [--name NAME] [--host HOST…] [--active true|false] [--json]',
  positionals: ['ID'],
  options: {
    name: { type: 'string', description: 'its new name' },
    host: { type: 'list', description: 'its hosts from now on (repeat; replaces them all)' },
    active: { type: 'string', description: 'true or false' },
    json: { type: 'boolean', description: 'print the JSON answer' },
  },
  async run({ client, out }, { positionals, options }) {
    const [id, ...extra] = positionals;
    if (!id || extra.length > 0) throw new UsageError('give exactly one agency ID');
    if (options.active !== undefined && options.active !== 'true' && options.active !== 'false') {
      throw new UsageError('--active takes true or false');
    }
    const { body } = await client.request(
      'PATCH',
      `/api/ops/v1/agencies/${encodeURIComponent(id)}`,
      ZPlatformAgencyResponse,
      {
        body: {
          ...(typeof options.name === 'string' ? { name: options.name } : {}),
          ...(options.host ? { hosts: options.host } : {}),
          ...(options.active === undefined ? {} : { active: options.active === 'true' }),
        },
      },
    );
    if (options.json) {
      out(JSON.stringify(body));
      return EXIT.OK;
    }
    const { agency } = body;
    out(
      `${agency.id} "${agency.name}" on ${agency.hosts.join(', ')}: ${agency.active ? 'active' : 'switched off'}`,
    );
    return EXIT.OK;
  },
};
