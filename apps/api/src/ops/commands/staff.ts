import {
  STAFF_ROLES,
  type TStaff,
  ZCreateStaffResponse,
  ZStaffListResponse,
  ZStaffResponse,
} from '@lc/shared/contracts/ops-staff';
import { z } from 'zod';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import type { OpsClient } from '../ops-client';
import { UsageError } from '../parse-args';

function oneUsername(positionals: string[]): string {
  const [username, ...extra] = positionals;
  if (!username || extra.length > 0) throw new UsageError('give exactly one USERNAME');
  return username.toLowerCase();
}

/** The staff member of that username: the API works by id, people by name. */
async function findByUsername(client: OpsClient, username: string): Promise<TStaff> {
  const { body } = await client.request('GET', '/api/ops/v1/staff', ZStaffListResponse);
  const member = body.staff.find((s) => s.username === username);
  if (!member) throw new UsageError(`no staff member named ${username}`);
  return member;
}

export const staffCreateCommand: OpsCommand = {
  name: 'staff create',
  summary: 'Create a staff member; prints a one-time initial password (they enrol TOTP at first sign-in)',
  usage: `USERNAME --role ${STAFF_ROLES.join('|')} [--display-name TEXT]`,
  positionals: ['USERNAME'],
  options: {
    role: { type: 'string', description: `one of ${STAFF_ROLES.join(', ')}`, isRequired: true },
    'display-name': { type: 'string', description: 'the name shown in the back office (default: USERNAME)' },
  },
  async run({ client, out }, { positionals, options }) {
    const username = oneUsername(positionals);
    const displayName = typeof options['display-name'] === 'string' ? options['display-name'] : username;
    const { body } = await client.request('POST', '/api/ops/v1/staff', ZCreateStaffResponse, {
      body: { username, displayName, role: options.role },
    });
    out(`created ${body.staff.username} (${body.staff.role}, ${body.staff.id})`);
    out(`initial password: ${body.initialPassword}`);
    out('Hand it over in person; it works once: at first sign-in the member enrols TOTP and sets their own.');
    return EXIT.OK;
  },
};

export const staffListCommand: OpsCommand = {
  name: 'staff list',
  summary: "List the agency's staff members",
  usage: '',
  options: {},
  async run({ client, out }) {
    const { body } = await client.request('GET', '/api/ops/v1/staff', ZStaffListResponse);
    const lines = formatTable<TStaff>(
      [
        { header: 'USERNAME', value: (s) => s.username },
        { header: 'DISPLAY NAME', value: (s) => s.displayName },
        { header: 'ROLE', value: (s) => s.role },
        { header: 'ACTIVE', value: (s) => (s.active ? 'yes' : 'no') },
        { header: 'LAST SIGN-IN', value: (s) => s.lastLoginAt ?? '-' },
        { header: 'ID', value: (s) => s.id },
      ],
      body.staff,
    );
    for (const line of lines) out(line);
    out(`${body.staff.length} staff members`);
    return EXIT.OK;
  },
};

export const staffDeactivateCommand: OpsCommand = {
  name: 'staff deactivate',
  summary: 'Deactivate a staff member: their sessions end at once and they cannot sign in',
  usage: 'USERNAME',
  positionals: ['USERNAME'],
  options: {},
  async run({ client, out }, { positionals }) {
    const member = await findByUsername(client, oneUsername(positionals));
    await client.request('PATCH', `/api/ops/v1/staff/${member.id}`, ZStaffResponse, {
      body: { active: false },
    });
    out(`deactivated ${member.username}`);
    return EXIT.OK;
  },
};

export const staffResetTotpCommand: OpsCommand = {
  name: 'staff reset-totp',
  summary: "Delete a staff member's TOTP (lost phone); they enrol again at their next sign-in",
  usage: 'USERNAME',
  positionals: ['USERNAME'],
  options: {},
  async run({ client, out }, { positionals }) {
    const member = await findByUsername(client, oneUsername(positionals));
    await client.request('POST', `/api/ops/v1/staff/${member.id}/reset-totp`, z.null());
    out(`reset TOTP of ${member.username}: they enrol a new one at their next sign-in`);
    return EXIT.OK;
  },
};
