import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router';
import { StaffFrame } from '@/features/admin/AdminLayout';
import { StaffOnly } from '@/features/admin/StaffOnly';
import { STAFF_HOME } from '@/lib/staff-home';
import { RouteError } from '@/components/layout/RouteError';
import { roleOf } from '../../../machines/roles';
import { AccessDenied, requireStaff } from '../guards';

/** The staff's pages (admin, doctor, nutritionist): the landing page after staff sign-in and the authoring pages. */
export const Route = createFileRoute('/_staff')({
  beforeLoad: requireStaff,
  errorComponent: (props) => (props.error instanceof AccessDenied ? <StaffOnly /> : <RouteError {...props} />),
  component: StaffArea,
});

/** Each staff page beside the staff member's sidebar; the staff home lists their places itself. */
function StaffArea() {
  // The signed-in person as the staff guard let them in: known as soon as the page renders.
  const role = roleOf(Route.useRouteContext().user);
  const home = useRouterState({ select: (s) => s.location.pathname === STAFF_HOME.to });
  return home ? (
    <Outlet />
  ) : (
    <StaffFrame staffRole={role}>
      <Outlet />
    </StaffFrame>
  );
}
