import { createFileRoute } from '@tanstack/react-router';
import { GoogleRedirectCompletion } from '@/features/auth/components/GoogleRedirectCompletion';
import { HomePage } from '@/features/home/HomePage';

/** Completes a Google redirect sign-in, then shows the home page (SPEC §2). */
export const Route = createFileRoute('/auth/google/callback')({
  component: GoogleCallbackPage,
});

function GoogleCallbackPage() {
  return (
    <>
      <GoogleRedirectCompletion />
      <HomePage />
    </>
  );
}
