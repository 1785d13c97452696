import { createFileRoute } from '@tanstack/react-router';
import { ModellingPage } from '@/features/science/components/ModellingPage';

export const Route = createFileRoute('/science/modelling')({
  component: ModellingPage,
});
