import { Heading } from '@chakra-ui/react/heading';
import type { ReactNode } from 'react';

/** A post's or recipe's page heading (the h1): its title, or what the page says while the piece loads or is missing. */
export function ArticleHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Heading as="h1" id={id} size={{ base: '2xl', md: '3xl' }} color="gray.900" mb="4">
      {children}
    </Heading>
  );
}
