import type { TPlayer } from '@lc/shared/contracts/players';
import { Container, SimpleGrid, Title } from '@mantine/core';
import { Link, linkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconBank,
  type IconComponent,
  IconDeposit,
  IconGamepad,
  IconGift,
  IconHistory,
  IconWallet,
  IconWithdraw,
} from '@/components/icons';
import { PageHeader } from '@/components/page-header';

const ACTIONS = [
  { key: 'deposit', link: linkOptions({ to: '/player/deposit' }), icon: IconDeposit },
  { key: 'withdraw', link: linkOptions({ to: '/player/withdraw' }), icon: IconWithdraw },
  { key: 'promotion', link: linkOptions({ to: '/player/promotion' }), icon: IconGift },
  { key: 'bank', link: linkOptions({ to: '/player/bank' }), icon: IconBank },
  {
    key: 'games',
    link: linkOptions({ to: '/player/game/$provider', params: { provider: 'alphabet' } }),
    icon: IconGamepad,
  },
  { key: 'history', link: linkOptions({ to: '/player/deposit/history' }), icon: IconHistory },
] satisfies { key: string; link: unknown; icon: IconComponent }[];

/** The player's home: a welcome, shortcuts to every area and the credit panel. */
/** `creditPanel` is composed in by the route (features do not import each other). */
export function Dashboard({ player, creditPanel }: { player: TPlayer; creditPanel: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" className="page">
      <PageHeader
        title={t('dashboard.welcome', { name: player.displayName })}
        subtitle={t('dashboard.subtitle')}
        icon={IconWallet}
      />
      <div className="dashboard-credit">{creditPanel}</div>
      <Title order={2} size="h4" mb="md">
        {t('dashboard.shortcuts')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {ACTIONS.map(({ key, link, icon: Icon }) => (
          <Link key={key} {...link} className="action-card">
            <span className="action-icon">
              <Icon size={26} />
            </span>
            <span className="action-label">{t(`dashboard.actions.${key}`)}</span>
          </Link>
        ))}
      </SimpleGrid>
    </Container>
  );
}
