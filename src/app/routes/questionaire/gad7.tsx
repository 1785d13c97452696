import { createFileRoute } from '@tanstack/react-router';
import { GAD7 } from '@/lib/questionnaire-texts';
import { QuestionnairePage } from '@/features/questionnaires/components/QuestionnairePage';

export const Route = createFileRoute('/questionaire/gad7')({
  component: QuestionaireGad7Page,
});

function QuestionaireGad7Page() {
  return <QuestionnairePage text={GAD7} />;
}
