import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { failureMessage } from '@/lib/failure';
import { isChunkLoadError, LoadError } from './PageStatus';

/**
 * A failed chunk gets a reload (a new deployment replaced it); other errors a retry of the route. A failed call
 * says what happened (no connection, the server busy, a refusal with its reason).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isChunkLoadError(error)) return <LoadError onRetry={() => window.location.reload()} />;
  return (
    <Box textAlign="center" py="20" px="4" role="alert">
      <Heading as="h1" size="lg" mb="2">
        Something went wrong on this page
      </Heading>
      <Text color="gray.600" mb="6">
        {`${failureMessage(error) ?? 'Please try again.'} `}If it keeps happening, contact us and we will sort it
        out.
      </Text>
      <Button
        colorPalette="brand"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </Box>
  );
}
