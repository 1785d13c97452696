import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/get-email')({
  component: GetEmailPage,
});

function GetEmailPage() {
  return <ComingSoon title="Add your e-mail address" />;
}
