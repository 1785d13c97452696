import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { useEffect, type ReactNode } from 'react';
import { site } from '../../lib/site';

/** Sets the document title and renders the page heading. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | ${site.brand}`;
  }, [title]);
  return (
    <Box mb="6">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="gray.900">
        {title}
      </Heading>
      {children ? (
        <Text mt="2" color="gray.600" fontSize="lg">
          {children}
        </Text>
      ) : null}
    </Box>
  );
}

/** A page of the shop whose content is on its way: its title inside the shell and a plain note. */
export function ComingSoon({ title, about }: { title: string; about?: string }) {
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title={title}>{about}</PageTitle>
      <Box borderWidth="1px" borderColor="brand.100" bg="brand.50" rounded="lg" p="6" data-testid="coming-soon">
        <Text color="gray.800">
          This page is being prepared and its content is coming soon. In the meantime, explore our test kits or contact
          us with any question.
        </Text>
      </Box>
    </Box>
  );
}

/** A page of the shop around what it shows: its width, its spacing and its title. */
export function TitledPage({ title, maxW, children }: { title: string; maxW: string; children: ReactNode }) {
  return (
    <Box maxW={maxW} mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title={title} />
      {children}
    </Box>
  );
}
