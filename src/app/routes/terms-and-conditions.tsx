import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/terms-and-conditions')({
  component: TermsAndConditionsPage,
});

function TermsAndConditionsPage() {
  return <ComingSoon title="Terms and Conditions" about="The terms of using our shop and services." />;
}
