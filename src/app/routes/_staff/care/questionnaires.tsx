import { createFileRoute } from '@tanstack/react-router';
import { AdminFrame } from '@/features/admin/AdminLayout';
import { CareQuestionnairesPage } from '@/features/questionnaires/care/components/CareQuestionnairesPage';
import { roleOf } from '../../../../../machines/roles';
import { listSearch } from '../../../search';

/**
 * Customers' questionnaire results for their care team (admin, doctor, nutritionist), read-only. Admins reach it from
 * their sidebar and keep it beside the page.
 */
export const Route = createFileRoute('/_staff/care/questionnaires')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/questionnaires/care/load')).loadCareResults(context.queries, deps, cause),
  component: CareQuestionnairesRoute,
});

function CareQuestionnairesRoute() {
  // The signed-in person as the staff guard let them in: known as soon as the page renders.
  const admin = roleOf(Route.useRouteContext().user) === 'admin';
  const page = <CareQuestionnairesPage search={Route.useSearch()} />;
  return admin ? <AdminFrame>{page}</AdminFrame> : page;
}
