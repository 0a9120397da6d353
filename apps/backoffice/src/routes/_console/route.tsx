import { isApiError } from '@lc/ui/api-client';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ConsoleShell } from '@/components/layout/console-shell';
import { meQueryOptions, useMe } from '@/features/auth/api/get-me';

/** Every page but sign-in: needs a staff session (a 401 goes to /login) and wears the console's frame. */
export const Route = createFileRoute('/_console')({
  beforeLoad: async ({ context }) => {
    try {
      const { staff } = await context.queryClient.ensureQueryData(meQueryOptions());
      return { staff };
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw redirect({ to: '/login' });
      throw error;
    }
  },
  component: ConsoleLayout,
});

function ConsoleLayout() {
  const staff = useMe();
  return (
    <ConsoleShell staff={staff}>
      <Outlet />
    </ConsoleShell>
  );
}
