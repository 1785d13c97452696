import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/add-team-member')({
  component: AdminGuardedAddTeamMemberPage,
});

function AdminGuardedAddTeamMemberPage() {
  return <ComingSoon title="Add Team Member" />;
}
