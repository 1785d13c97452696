import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/user/change-password')({
  component: UserChangePasswordPage,
});

function UserChangePasswordPage() {
  return <ComingSoon title="Change Password" />;
}
