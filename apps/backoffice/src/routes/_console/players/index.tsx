import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { playersQueryOptions } from '@/features/players/api/search-players';
import { PlayersPage } from '@/features/players/components/players-page';
import { ZPageSearch, ZTextSearch } from '@/lib/search-params';

const ZSearch = z.object({
  query: ZTextSearch,
  fingerprint: ZTextSearch,
  page: ZPageSearch.default(1),
});

export const Route = createFileRoute('/_console/players/')({
  validateSearch: ZSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(playersQueryOptions(deps)),
  component: PlayersRoute,
});

function PlayersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Keyed by the URL's search so the boxes show it again after back/forward or a device link.
  return (
    <PlayersPage
      key={JSON.stringify(search)}
      filter={search}
      onFilterChange={(filter) => navigate({ search: filter })}
    />
  );
}
