import type { TMeResponse } from '@lc/shared/contracts/ops-staff';
import { isApiError } from '@lc/ui/api-client';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ConsoleShell } from '@/components/layout/console-shell';
import { meQueryOptions, useMe } from '@/features/auth/api/get-me';

/**
 * Every page but sign-in: needs a staff session (a 401 goes to /login) whose first sign-in is finished (a
 * member who has not enrolled TOTP or replaced the initial password goes back to that step, on /login), and
 * wears the console's frame.
 */
export const Route = createFileRoute('/_console')({
  beforeLoad: async ({ context }) => {
    let me: TMeResponse;
    try {
      me = await context.queryClient.ensureQueryData(meQueryOptions());
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw redirect({ to: '/login' });
      throw error;
    }
    if (me.mustEnrolTotp || me.mustChangePassword) throw redirect({ to: '/login' });
    return { staff: me.staff };
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
