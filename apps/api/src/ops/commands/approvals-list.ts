import { APPROVAL_STATUSES, type TApproval, ZApprovalsResponse } from '@lc/shared/contracts/ops-approvals';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';

export const approvalsListCommand: OpsCommand = {
  name: 'approvals list',
  summary: 'List four-eyes requests, oldest first (OPS_TOKEN may ask and list, never decide)',
  usage: `[--status ${APPROVAL_STATUSES.join('|')}] [--page N] [--page-size N]`,
  options: {
    status: { type: 'string', description: `one of ${APPROVAL_STATUSES.join(', ')}` },
    page: { type: 'string', description: 'page number (default 1)' },
    'page-size': { type: 'string', description: 'requests per page, at most 100 (default 20)' },
  },
  async run({ client, out }, { options }) {
    const query = new URLSearchParams();
    if (typeof options.status === 'string') query.set('status', options.status);
    if (typeof options.page === 'string') query.set('page', options.page);
    if (typeof options['page-size'] === 'string') query.set('pageSize', options['page-size']);
    const suffix = query.size > 0 ? `?${query}` : '';
    const { body } = await client.request('GET', `/api/ops/v1/approvals${suffix}`, ZApprovalsResponse);
    const lines = formatTable<TApproval>(
      [
        { header: 'ID', value: (a) => a.id },
        { header: 'KIND', value: (a) => a.kind },
        { header: 'STATUS', value: (a) => a.status },
        {
          header: 'WHAT',
          value: (a) =>
            Object.entries(a.payload)
              .map(([k, v]) => `${k}=${v}`)
              .join(' '),
        },
        { header: 'REASON', value: (a) => a.reason },
        { header: 'BY', value: (a) => a.requestedBy },
        { header: 'DECIDED BY', value: (a) => a.decidedBy ?? '-' },
      ],
      body.items,
    );
    for (const line of lines) out(line);
    out(`${body.items.length} of ${body.total} requests`);
    return EXIT.OK;
  },
};
