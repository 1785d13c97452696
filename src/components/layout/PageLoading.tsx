import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';

// What the shell shows while a page's code arrives, or when it cannot; the states of a page's data are in PageStatus.

/** Lazy pages that have not arrived by then are reported as a load error (SPEC §8, §9). */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box display="flex" flexDirection="column" alignItems="center" gap="3" py="20" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.600" />
      <Text color="gray.600">{label}</Text>
    </Box>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Box textAlign="center" py="20" px="4" role="alert" data-testid="load-error">
      <Heading as="h1" size="lg" mb="2">
        This page could not be loaded
      </Heading>
      <Text color="gray.600" mb="6">
        Check your internet connection, then try again.
      </Text>
      <Button colorPalette="brand" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}

/** Shown while a route's code loads; turns into a load error once the time-out passes. */
export function PendingPage({ timeoutMs = PAGE_LOAD_TIMEOUT_MS }: { timeoutMs?: number }) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return timedOut ? <LoadError onRetry={() => window.location.reload()} /> : <PageSpinner />;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    message,
  );
}
