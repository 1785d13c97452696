import { Box } from '@chakra-ui/react/box';
import type { ReactNode } from 'react';

/**
 * A signed-in page's content. Its content arrives after its frame: the footer waits below the first screen, so that
 * nothing on it moves when the content comes in, whatever its height.
 */
export function SignedInBody({ children }: { children: ReactNode }) {
  return <Box minH="100dvh">{children}</Box>;
}
