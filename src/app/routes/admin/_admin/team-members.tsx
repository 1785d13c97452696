import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/team-members')({
  component: AdminTeamMembersPage,
});

function AdminTeamMembersPage() {
  return <ComingSoon title="Team Members" />;
}
