import { Container } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { GameCategories } from '@/features/home/components/game-categories';
import { Hero } from '@/features/home/components/hero';
import { Highlights } from '@/features/home/components/highlights';

export const Route = createFileRoute('/')({
  staticData: { title: (t) => t('nav.home') },
  // The landing page is the first paint of most visits: bundled with the start-up code rather than fetched
  // after it, one round trip sooner.
  codeSplitGroupings: [],
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ to: '/player' });
  },
  component: LandingPage,
});

function LandingPage() {
  const { agency } = Route.useRouteContext();
  return (
    <Container size="xl" className="page">
      <Hero />
      <GameCategories />
      <Highlights bankCount={agency.acceptedBanks.length} />
    </Container>
  );
}
