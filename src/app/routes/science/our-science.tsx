import { createFileRoute } from '@tanstack/react-router';
import { OurSciencePage } from '@/features/science/components/OurSciencePage';

export const Route = createFileRoute('/science/our-science')({
  component: OurSciencePage,
});
