import { createFileRoute } from '@tanstack/react-router';
import { PSQI } from '@/lib/questionnaire-texts';
import { QuestionnairePage } from '@/features/questionnaires/components/QuestionnairePage';

export const Route = createFileRoute('/questionaire/psqi')({
  component: QuestionairePsqiPage,
});

function QuestionairePsqiPage() {
  return <QuestionnairePage text={PSQI} />;
}
