import type { TGame } from '@lc/shared/contracts/games';
import type { TProvider } from '@lc/shared/providers';
import { Container, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconGamepad } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { useGames } from '../api/get-games';
import { useLaunchGame } from '../api/launch-game';
import { openGameUrl } from '../lib/open-game-url';
import { gamesOfTab, resolveTab, tabLabel } from '../lib/resolve-tab';
import { GameCard } from './game-card';
import classes from './games.module.css';
import { LaunchError } from './launch-error';

/**
 * A provider's games by tab. `tab` is the search parameter as given; `credit` is composed in by the route
 * (features do not import each other).
 */
export function GamePage({
  provider,
  tab,
  credit,
  onTabChange,
}: {
  provider: TProvider;
  tab: string | undefined;
  credit: ReactNode;
  onTabChange: (tab: string) => void;
}) {
  const { t } = useTranslation();
  const { data } = useGames(provider, tab);
  const launch = useLaunchGame(provider);
  const activeTab = resolveTab(data.tabs, tab);
  const games = gamesOfTab(data.games, activeTab);
  const providerName = t(`providers.${provider}`);

  const play = (game: TGame) => {
    launch.mutate(game.code, { onSuccess: ({ url }) => openGameUrl(url) });
  };

  const content =
    games.length === 0 ? (
      <Text c="dimmed" ta="center" py="xl" data-testid="games-empty">
        {t('games.empty')}
      </Text>
    ) : (
      <div className={classes.grid} data-testid="game-grid">
        {games.map((game) => (
          <GameCard
            key={game.code}
            game={game}
            isLaunching={launch.isPending && launch.variables === game.code}
            isDisabled={launch.isPending}
            onPlay={play}
          />
        ))}
      </div>
    );

  return (
    <Container size="xl" className="page">
      <div className={classes.header}>
        <PageHeader title={t('pages.game.title', { provider: providerName })} icon={IconGamepad} />
        {credit}
      </div>
      {launch.isError ? <LaunchError error={launch.error} onClose={() => launch.reset()} /> : null}
      {data.tabs.length > 0 && activeTab !== undefined ? (
        <Tabs
          value={activeTab}
          onChange={(value) => value && value !== activeTab && onTabChange(value)}
          keepMounted={false}
        >
          <div className={classes.tabs}>
            <Tabs.List aria-label={t('games.tabs', { provider: providerName })} mb="md">
              {data.tabs.map((item) => (
                <Tabs.Tab key={item.id} value={item.id} data-testid={`game-tab-${item.id}`}>
                  {tabLabel(t, provider, item)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </div>
          <Tabs.Panel value={activeTab}>{content}</Tabs.Panel>
        </Tabs>
      ) : (
        content
      )}
    </Container>
  );
}
