import { createFileRoute, redirect } from '@tanstack/react-router';

// The console opens on the dashboard (sign-in lands here too); one address for it keeps the menu simple.
export const Route = createFileRoute('/_console/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
