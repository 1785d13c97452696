import { createFileRoute } from '@tanstack/react-router';
import { AddTeamMemberPage } from '@/features/admin/team/components/AddTeamMemberPage';

export const Route = createFileRoute('/admin/_admin/add-team-member')({
  component: AddTeamMemberPage,
});
