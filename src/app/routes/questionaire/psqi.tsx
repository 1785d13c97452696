import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/questionaire/psqi')({
  component: QuestionairePsqiPage,
});

function QuestionairePsqiPage() {
  return <ComingSoon title="Pittsburgh Sleep Quality Index" about="Questions about your sleep over the last month." />;
}
