import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '@/features/about/components/FaqPage';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});
