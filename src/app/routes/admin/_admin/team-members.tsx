import { createFileRoute } from '@tanstack/react-router';
import { TeamMembersPage } from '@/features/admin/team/components/TeamMembersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/team-members')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => (await import('@/features/admin/team/load')).loadTeamList(context.queries, deps, cause),
  component: AdminTeamMembersPage,
});

function AdminTeamMembersPage() {
  return <TeamMembersPage search={Route.useSearch()} />;
}
