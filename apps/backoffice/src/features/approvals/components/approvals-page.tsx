import { APPROVAL_STATUSES, type TApproval } from '@lc/shared/contracts/ops-approvals';
import { formatDateTime } from '@lc/ui/format-date';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@/components/copy-text';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { PromptModal } from '@/components/prompt-modal';
import { StatusBadge } from '@/components/status-badge';
import { StatusFilter } from '@/components/status-filter';
import { useDecideApproval } from '../api/decide-approval';
import { type TApprovalFilter, useApprovals } from '../api/get-approvals';
import { summariseRequest } from '../lib/request-summary';

type Action = { decision: 'approve' | 'reject'; approval: TApproval };

/** What a request asks for, in words, by kind (summariseRequest); codes and references copyable. */
function RequestSummary({ approval }: { approval: TApproval }) {
  const { t } = useTranslation();
  const parts = summariseRequest(approval);
  return (
    <Stack gap={2} data-testid="approval-summary" data-kind={approval.kind}>
      {parts.map((part, index) => {
        const key = `${approval.id}-${index}`;
        if (part.type === 'copy') {
          return (
            <Group key={key} gap={4} wrap="nowrap">
              {part.label ? (
                <Text span size="xs" c="dimmed">
                  {t(part.label)}
                </Text>
              ) : null}
              <CopyText value={part.value} testId={part.testId} />
            </Group>
          );
        }
        const values = Object.fromEntries(
          Object.entries(part.values).map(([name, value]) => [
            name,
            typeof value === 'string' ? value : t(value.t),
          ]),
        );
        return (
          <Text key={key} size="sm">
            {t(part.key, values)}
          </Text>
        );
      })}
    </Stack>
  );
}

/**
 * Four-eyes requests: a second finance or admin member approves or rejects each, with a reason. `actions`
 * (the route's "Request an adjustment") sit beside the title.
 */
export function ApprovalsPage({
  filter,
  onFilterChange,
  actions,
}: {
  filter: TApprovalFilter;
  onFilterChange: (filter: TApprovalFilter) => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const approvals = useApprovals(filter);
  const decide = useDecideApproval();
  const [action, setAction] = useState<Action | null>(null);
  // An approved new member: their one-time password, shown to this approver once (never stored).
  const [newMember, setNewMember] = useState<{ username: string; initialPassword: string } | null>(null);
  const close = () => {
    setAction(null);
    decide.reset();
  };
  return (
    <Stack>
      <PageHeader title={t('nav.approvals')}>{actions}</PageHeader>
      <StatusFilter
        statuses={APPROVAL_STATUSES}
        value={filter.status}
        onChange={(status) => onFilterChange({ status, page: 1 })}
      />
      <ErrorAlert error={approvals.error} />
      <PagedTable<TApproval>
        testId="approvals-table"
        records={approvals.data?.items}
        idAccessor="id"
        page={filter.page}
        total={approvals.data?.total ?? 0}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
        isFetching={approvals.isFetching}
        columns={[
          { accessor: 'kind', title: t('approvals.kind'), render: (a) => t(`approvals.kinds.${a.kind}`) },
          {
            accessor: 'payload',
            title: t('approvals.request'),
            render: (a) => <RequestSummary approval={a} />,
          },
          { accessor: 'reason', title: t('reason') },
          {
            accessor: 'requestedBy',
            title: t('approvals.requestedBy'),
            render: (a) => (
              <Stack gap={2}>
                <Text size="sm" className="lc-code">
                  {a.requestedBy}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(a.createdAt)}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'status', title: t('filter.status'), render: (a) => <StatusBadge status={a.status} /> },
          {
            accessor: 'decidedBy',
            title: t('approvals.decidedBy'),
            render: (a) => (a.decidedBy ? `${a.decidedBy} · ${a.decisionReason ?? ''}` : '—'),
          },
          {
            accessor: 'actions',
            title: t('actions'),
            render: (a) =>
              a.status === 'PENDING' ? (
                <Group gap="xs" wrap="nowrap" data-testid="approval-actions" data-id={a.id}>
                  <Button
                    size="xs"
                    onClick={() => setAction({ decision: 'approve', approval: a })}
                    data-testid="approval-approve"
                  >
                    {t('approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setAction({ decision: 'reject', approval: a })}
                  >
                    {t('reject')}
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      {action ? (
        <PromptModal
          title={t(`approvals.${action.decision}Title`)}
          summary={<RequestSummary approval={action.approval} />}
          label={t('reason')}
          submitLabel={t(action.decision)}
          isRequired={action.decision === 'reject'}
          color={action.decision === 'reject' ? 'red' : undefined}
          isPending={decide.isPending}
          error={decide.error}
          onSubmit={(reason) =>
            decide.mutate(
              { id: action.approval.id, decision: action.decision, reason },
              {
                onSuccess: (answer) => {
                  if (answer.initialPassword) {
                    const username = answer.approval.payload.username ?? '';
                    setNewMember({ username, initialPassword: answer.initialPassword });
                  }
                  close();
                },
              },
            )
          }
          onClose={close}
        />
      ) : null}
      {newMember ? (
        <Modal
          opened
          onClose={() => setNewMember(null)}
          title={t('staff.create')}
          centered
          closeOnClickOutside={false}
        >
          <Stack data-testid="approved-member">
            <Text size="sm">{t('staff.createdFor', { username: newMember.username })}</Text>
            <CopyText value={newMember.initialPassword} testId="approved-initial-password" />
            <Alert color="yellow">{t('staff.initialPasswordHint')}</Alert>
            <Button onClick={() => setNewMember(null)} data-testid="approved-member-close">
              {t('done')}
            </Button>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
