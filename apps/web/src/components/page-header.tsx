import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { IconComponent } from './icons';

/** The one h1 of a page, with an optional icon and subtitle. */
export function PageHeader({
  title,
  subtitle,
  icon: Icon,
  actions,
}: {
  title: string;
  subtitle?: string;
  icon?: IconComponent;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="nowrap" align="center">
        {Icon ? (
          <span className="page-header-icon">
            <Icon size={26} />
          </span>
        ) : null}
        <Stack gap={2}>
          <Title order={1} size="h2" className="page-title">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {actions}
    </Group>
  );
}
