import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of the dashboard: a title, the main value and what qualifies it, all plain text. */
export function FigureCard({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {title}
        </Text>
        <Text
          size="xl"
          fw={700}
          className="lc-code"
          data-testid={`${testId}-value`}
          style={{ whiteSpace: 'nowrap' }}
        >
          {value}
        </Text>
        {children ? (
          <Group gap="xs" wrap="wrap">
            {children}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
