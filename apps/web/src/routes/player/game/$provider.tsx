import { isProvider, type TProvider } from '@lc/shared/providers';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/coming-soon-page';
import { IconGamepad } from '@/components/icons';
import { textParam } from '@/lib/search-params';

export type GameSearch = { tab?: string };

export const Route = createFileRoute('/player/game/$provider')({
  params: {
    // Only the five providers exist; anything else is a 404 page, not an API error.
    parse: ({ provider }): { provider: TProvider } => {
      if (!isProvider(provider)) throw notFound();
      return { provider };
    },
    stringify: ({ provider }) => ({ provider }),
  },
  validateSearch: (search: Record<string, unknown>): GameSearch => {
    const tab = textParam(search.tab);
    return tab === undefined ? {} : { tab };
  },
  component: GamePage,
});

function GamePage() {
  const { t } = useTranslation();
  const { provider } = Route.useParams();
  return (
    <ComingSoonPage
      page="game"
      icon={IconGamepad}
      title={t('pages.game.title', { provider: t(`providers.${provider}`) })}
    />
  );
}
