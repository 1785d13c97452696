import { createFileRoute } from '@tanstack/react-router';
import { emailConfirmer } from '@/features/auth/confirm-email';
import { reauthenticatorFor } from '@/features/auth/reauthenticate';
import { PrivacyPage } from '@/features/privacy/components/PrivacyPage';

export const Route = createFileRoute('/_signedIn/user/privacy')({
  loader: async ({ context }) => {
    const [client, { privacyQueryOptions }] = await Promise.all([context.queries.ready, import('@/features/privacy/api/privacy')]);
    // A failure is the page's to show, with its retry.
    await client.ensureQueryData(privacyQueryOptions).catch(() => undefined);
  },
  component: UserPrivacyPage,
});

function UserPrivacyPage() {
  return <PrivacyPage makeReauthenticator={reauthenticatorFor} emailConfirmer={emailConfirmer} />;
}
