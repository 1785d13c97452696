import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});

function FaqPage() {
  return <ComingSoon title="FAQ" about="Answers to the questions we hear most." />;
}
