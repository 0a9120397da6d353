import { createFileRoute } from '@tanstack/react-router';
import { agencySettingsQueryOptions } from '@/features/settings/api/get-agency-settings';
import { SettingsPage } from '@/features/settings/components/settings-page';

export const Route = createFileRoute('/_console/settings')({
  loader: ({ context }) => context.queryClient.ensureQueryData(agencySettingsQueryOptions()),
  component: SettingsPage,
});
