import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/team-members')({
  component: AdminGuardedTeamMembersPage,
});

function AdminGuardedTeamMembersPage() {
  return <ComingSoon title="Team Members" />;
}
