import { createFileRoute } from '@tanstack/react-router';
import { AdminFrame } from '@/features/admin/AdminLayout';
import { CareCustomerPage } from '@/features/questionnaires/care/components/CareCustomerPage';
import { roleOf } from '../../../../../machines/roles';
import { customerSearch } from '../../../search';

/** One customer's questionnaire history for their care team, read-only: `?id=`, the customer's `_id`. */
export const Route = createFileRoute('/_staff/care/customer')({
  validateSearch: customerSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/questionnaires/care/load')).loadCareCustomer(context.queries, deps.id, cause),
  component: CareCustomerRoute,
});

function CareCustomerRoute() {
  // The signed-in person as the staff guard let them in: known as soon as the page renders.
  const admin = roleOf(Route.useRouteContext().user) === 'admin';
  const page = <CareCustomerPage id={Route.useSearch().id} admin={admin} />;
  return admin ? <AdminFrame>{page}</AdminFrame> : page;
}
