import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/HomePage';

/** Completes a Google redirect sign-in, then shows the home page (SPEC §2). */
export const Route = createFileRoute('/auth/google/callback')({
  component: HomePage,
});
