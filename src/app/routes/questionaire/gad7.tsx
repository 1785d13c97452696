import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/questionaire/gad7')({
  component: QuestionaireGad7Page,
});

function QuestionaireGad7Page() {
  return <ComingSoon title="GAD-7 anxiety questionnaire" about="Seven questions about the last two weeks." />;
}
