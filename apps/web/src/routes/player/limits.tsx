import { createFileRoute } from '@tanstack/react-router';
import { playLimitsQueryOptions } from '@/features/play-limits/api/get-play-limits';
import { PlayLimitsPage } from '@/features/play-limits/components/play-limits-page';

export const Route = createFileRoute('/player/limits')({
  // The loader parses answers with the shared schemas: it goes in the lazy chunk, not the start-up bundle.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(playLimitsQueryOptions()),
  component: PlayLimitsPage,
});
