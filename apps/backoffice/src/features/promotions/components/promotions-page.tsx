import type { TOpsPromotion } from '@lc/shared/contracts/ops-promotions';
import { formatCurrency } from '@lc/ui/format-currency';
import { formatDateTime } from '@lc/ui/format-date';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { useCan } from '@/components/role-gate';
import { isConsoleLanguage } from '@/i18n/i18n';
import { errorMessage } from '@/lib/error-message';
import { usePromotions } from '../api/get-promotions';
import { useSwitchPromotion } from '../api/switch-promotion';
import { PromotionFormModal } from './promotion-form-modal';

/** The agency's promotions; admins create, edit, activate and deactivate them. */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const promotions = usePromotions();
  const toggle = useSwitchPromotion();
  const canEdit = useCan('admin');
  const [editing, setEditing] = useState<TOpsPromotion | 'new' | null>(null);
  // Titles exist in the player languages; English reads the Lao one.
  const lng = isConsoleLanguage(i18n.language) && i18n.language !== 'en' ? i18n.language : 'lo';
  return (
    <Stack>
      <PageHeader title={t('nav.promotions')}>
        {canEdit ? <Button onClick={() => setEditing('new')}>{t('promotions.create')}</Button> : null}
      </PageHeader>
      <ErrorAlert error={promotions.error} />
      <PagedTable<TOpsPromotion>
        testId="promotions-table"
        records={promotions.data?.promotions}
        idAccessor="id"
        isFetching={promotions.isFetching}
        columns={[
          { accessor: 'title', title: t('promotions.title'), render: (p) => p.title[lng] },
          {
            accessor: 'depositAmount',
            title: t('promotions.depositAmount'),
            render: (p) => formatCurrency(p.depositAmount, 'LAK'),
          },
          {
            accessor: 'bonus',
            title: t('promotions.bonusValue'),
            render: (p) =>
              p.bonus.type === 'PERCENT' ? `${p.bonus.value} %` : formatCurrency(p.bonus.value),
          },
          {
            accessor: 'startsAt',
            title: t('promotions.period'),
            render: (p) => `${formatDateTime(p.startsAt)} – ${p.endsAt ? formatDateTime(p.endsAt) : '∞'}`,
          },
          {
            accessor: 'active',
            title: t('filter.status'),
            render: (p) => (
              <Badge color={p.active ? 'green' : 'gray'} variant="light">
                {p.active ? t('promotions.active') : t('promotions.inactive')}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            title: t('actions'),
            hidden: !canEdit,
            render: (p) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="light" onClick={() => setEditing(p)}>
                  {t('promotions.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color={p.active ? 'red' : 'green'}
                  onClick={() =>
                    toggle.mutate(
                      { id: p.id, isActive: !p.active },
                      {
                        onError: (error) =>
                          notifications.show({ color: 'red', message: errorMessage(t, error) }),
                      },
                    )
                  }
                >
                  {p.active ? t('promotions.deactivate') : t('promotions.activate')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {editing ? (
        <PromotionFormModal
          promotion={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
