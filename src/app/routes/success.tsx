import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/success')({
  component: SuccessPage,
});

function SuccessPage() {
  return <ComingSoon title="Thank you for your order" />;
}
