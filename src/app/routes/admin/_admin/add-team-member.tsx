import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/add-team-member')({
  component: AdminAddTeamMemberPage,
});

function AdminAddTeamMemberPage() {
  return <ComingSoon title="Add Team Member" />;
}
