import type { TStaff } from '@lc/shared/contracts/ops-staff';
import { AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useMatchRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useQueueCounts } from '@/features/live-queues/api/get-queue-counts';
import { LiveStatus } from '@/features/live-queues/components/live-status';
import { SoundToggle } from '@/features/live-queues/components/sound-toggle';
import { useLiveQueues } from '@/features/live-queues/hooks/use-live-queues';
import { hasRole } from '@/lib/roles';
import { LanguageMenu } from './language-menu';
import { NAV_ENTRIES } from './nav-entries';

/** The console's frame: a header (menu button under 768 px, language, sign-out) and the pages of the role. */
export function ConsoleShell({ staff, children }: { staff: TStaff; children: ReactNode }) {
  const { t } = useTranslation();
  const [isOpened, { toggle, close }] = useDisclosure();
  // Below `sm` the closed menu is only moved off screen; hidden as well, its links leave the tab order.
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const isMenuHidden = isPhone === true && !isOpened;
  const signOut = useSignOut();
  // An entry is current on its page and every page under it (players → players/{id}), as the router matches.
  const matchRoute = useMatchRoute();
  const entries = NAV_ENTRIES.filter((entry) => hasRole(staff.role, entry.role));
  // One event stream for the whole console; while it is down the counts are polled instead.
  const streamState = useLiveQueues();
  const counts: Partial<Record<string, number>> = useQueueCounts(staff.role, streamState !== 'live');
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !isOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isOpened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('menu')}
              aria-expanded={isOpened}
              data-testid="nav-burger"
            />
            <Text fw={700} c="gold.4" visibleFrom="xs">
              {t('appName')}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" className="lc-code" data-testid="staff-name" truncate maw={140}>
              {staff.username}
            </Text>
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t(`role.${staff.role}`)}
            </Text>
            <LanguageMenu />
            <Button
              variant="subtle"
              size="sm"
              onClick={() => signOut.mutate()}
              loading={signOut.isPending}
              data-testid="sign-out"
            >
              {t('signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        aria-label={t('menu')}
        component="nav"
        style={isMenuHidden ? { visibility: 'hidden' } : undefined}
      >
        <AppShell.Section grow>
          {entries.map((entry) => {
            const count = counts[entry.key];
            return (
              <NavLink
                key={entry.to}
                component={Link}
                to={entry.to}
                label={t(`nav.${entry.key}`)}
                active={matchRoute({ to: entry.to, fuzzy: true }) !== false}
                onClick={close}
                data-testid={`nav-${entry.key}`}
                rightSection={
                  count ? (
                    <Badge size="sm" circle={count < 10} data-testid={`nav-count-${entry.key}`}>
                      {count}
                    </Badge>
                  ) : null
                }
              />
            );
          })}
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap="xs" p="xs">
            <LiveStatus state={streamState} />
            <SoundToggle />
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
