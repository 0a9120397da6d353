import { isProvider, type TProvider } from '@lc/shared/providers';
import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { ProviderCredit } from '@/features/credit/components/provider-credit';
import { gamesQueryOptions } from '@/features/games/api/get-games';
import { GamePage } from '@/features/games/components/game-page';
import { resolveTab } from '@/features/games/lib/resolve-tab';
import { textParam } from '@/lib/search-params';

export type GameSearch = { tab?: string };

export const Route = createFileRoute('/player/game/$provider')({
  staticData: {
    title: (t, params) => t('pages.game.title', { provider: t(`providers.${params.provider}`) }),
  },
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
  // The loader parses answers with the shared schemas: it goes in the lazy chunk, not the start-up bundle.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context: { queryClient }, params: { provider }, deps: { tab } }) => {
    const data = await queryClient.ensureQueryData(gamesQueryOptions(provider, tab));
    // A tab the provider does not have (an old link) shows the first tab, and the address says so.
    const active = resolveTab(data.tabs, tab);
    if (tab !== undefined && active !== tab) {
      throw redirect({
        to: '/player/game/$provider',
        params: { provider },
        search: active === undefined ? {} : { tab: active },
        replace: true,
      });
    }
  },
  component: GameRoute,
});

function GameRoute() {
  const { provider } = Route.useParams();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <GamePage
      provider={provider}
      tab={tab}
      credit={<ProviderCredit provider={provider} />}
      onTabChange={(next) => void navigate({ search: { tab: next } })}
    />
  );
}
