import { createFileRoute } from '@tanstack/react-router';
import { CareCustomerPage } from '@/features/questionnaires/care/components/CareCustomerPage';
import { CareQuestionnairesPage } from '@/features/questionnaires/care/components/CareQuestionnairesPage';
import { roleOf } from '../../../../../machines/roles';
import { listSearch } from '../../../search';

/**
 * Customers' questionnaire results for their care team (admin, doctor, nutritionist), read-only: the list, or with
 * `?customer=` one customer's history, beside the staff member's sidebar. One route for both keeps the shop's first
 * page a route lighter.
 */
export const Route = createFileRoute('/_staff/care/questionnaires')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const load = await import('@/features/questionnaires/care/load');
    return typeof deps.customer === 'string'
      ? load.loadCareCustomer(context.queries, deps.customer, cause)
      : load.loadCareResults(context.queries, deps, cause);
  },
  component: CareQuestionnairesRoute,
});

function CareQuestionnairesRoute() {
  // The signed-in person as the staff guard let them in: known as soon as the page renders.
  const admin = roleOf(Route.useRouteContext().user) === 'admin';
  const search = Route.useSearch();
  const customer = typeof search.customer === 'string' && search.customer.length <= 64 ? search.customer : undefined;
  return customer !== undefined ? <CareCustomerPage id={customer} admin={admin} /> : <CareQuestionnairesPage search={search} />;
}
