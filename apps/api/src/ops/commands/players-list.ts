import { ZOpsPlayersResponse } from '@lc/shared/contracts/ops-players';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';

export const playersListCommand: OpsCommand = {
  name: 'players list',
  summary: 'List players, newest first (by username, display name or id; or by device fingerprint)',
  usage: '[--query TEXT] [--fingerprint HASH] [--page N] [--page-size N]',
  options: {
    query: { type: 'string', description: 'part of a username or display name, or a player id' },
    fingerprint: { type: 'string', description: 'device hash: the players sharing that device' },
    page: { type: 'string', description: 'page number (default 1)' },
    'page-size': { type: 'string', description: 'players per page, at most 100 (default 20)' },
  },
  async run({ client, out }, { options }) {
    const query = new URLSearchParams();
    for (const [name, param] of [
      ['query', 'query'],
      ['fingerprint', 'fingerprint'],
      ['page', 'page'],
      ['page-size', 'pageSize'],
    ] as const) {
      const value = options[name];
      if (typeof value === 'string') query.set(param, value);
    }
    const suffix = query.size > 0 ? `?${query}` : '';
    const { body } = await client.request('GET', `/api/ops/v1/players${suffix}`, ZOpsPlayersResponse);
    if (body.items.length > 0) {
      const lines = formatTable(
        [
          { header: 'ID', value: (p) => p.id },
          { header: 'USERNAME', value: (p) => p.username },
          { header: 'DISPLAY NAME', value: (p) => p.displayName },
          { header: 'CREATED', value: (p) => p.createdAt },
          { header: 'BLOCKED', value: (p) => (p.blocked ? 'yes' : 'no') },
        ],
        body.items,
      );
      for (const line of lines) out(line);
    }
    out(`${body.items.length} of ${body.total} players (page ${body.page})`);
    return EXIT.OK;
  },
};
