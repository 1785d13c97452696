import { createFileRoute } from '@tanstack/react-router';
import { SensPage } from '@/features/science/components/SensPage';

export const Route = createFileRoute('/science/sens')({
  component: SensPage,
});
