import { Box } from '@chakra-ui/react/box';
import { useRouter } from '@tanstack/react-router';
import { useActors } from '@/lib/actors-context';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { takePreviousPage } from '@/lib/storage';
import { setProfileEmail } from '../api/session';
import { INVALID_EMAIL } from '../validation';
import { EmailForm } from './EmailForm';

/** /get-email: a person who signed in with a phone only gives an e-mail address for orders and reports. */
export function GetEmailPage() {
  const { auth } = useActors();
  const router = useRouter();
  return (
    <Box maxW="md" mx="auto" px="4" py={{ base: '8', md: '16' }}>
      <PageTitle title="Add your e-mail address">We send order updates, invoices and your gut-health report by e-mail.</PageTitle>
      <EmailForm
        label="Add your e-mail address"
        submitLabel="Continue"
        loadingText="Saving…"
        submitProps={{ colorPalette: 'brand', size: 'lg' }}
        send={async (address) => {
          const user = await setProfileEmail(address);
          auth.send({ type: 'auth.userUpdated', user });
          router.history.push(takePreviousPage('/'));
        }}
        failureMessage={(failure) => {
          if (failure instanceof ApiError && failure.status === 409) return { field: failure.message };
          if (failure instanceof ApiError && failure.fields?.email) return { field: INVALID_EMAIL };
          return failure instanceof ApiError ? failure.message : 'We could not save your e-mail address. Check your connection and try again.';
        }}
      />
    </Box>
  );
}
