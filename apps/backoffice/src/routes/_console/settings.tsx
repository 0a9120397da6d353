import { createFileRoute } from '@tanstack/react-router';
import { agencyQueryOptions } from '@/features/settings/api/get-agency';
import { SettingsPage } from '@/features/settings/components/settings-page';

export const Route = createFileRoute('/_console/settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(agencyQueryOptions()),
  component: SettingsPage,
});
