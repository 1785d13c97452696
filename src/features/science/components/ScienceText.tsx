import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Bullets } from '@/components/layout/Prose';
import type { KitPath, SCIENCE_PAGES, SciencePageKey } from '../content/pages';

/** The pages the science pages link to. */
export type ScienceLinkTarget =
  | (typeof SCIENCE_PAGES)[SciencePageKey]['to']
  | KitPath
  | '/questionaire/gad7'
  | '/questionaire/psqi'
  | '/recipe-list'
  | '/cookbook';

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text color="gray.800" my="4" lineHeight="tall">
      {children}
    </Text>
  );
}

/** How a link looks on the science pages: underlined brand green, with a visible focus ring. */
export const linkStyle = {
  color: 'brand.700',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _hover: { color: 'brand.800' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
} as const;

/** A link inside running text. */
export function TextLink({ to, children }: { to: ScienceLinkTarget; children: ReactNode }) {
  return (
    <Box asChild {...linkStyle}>
      <Link to={to}>{children}</Link>
    </Box>
  );
}

/** A short boxed note beside the running text: where the evidence stops, or what to do instead. */
export function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="lg" p="5" my="6">
      <Text fontWeight="semibold" color="gray.900" mb="1">
        {title}
      </Text>
      <Box color="gray.800">{children}</Box>
    </Box>
  );
}

export function SubHeading({ children }: { children: string }) {
  return (
    <Heading as="h3" size="lg" mt="6" mb="2" color="gray.900">
      {children}
    </Heading>
  );
}

/** What a test can and cannot tell you, side by side on wide screens. */
export function CanAndCannot({ can, cannot }: { can: ReactNode[]; cannot: ReactNode[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '2', md: '8' }}>
      <Box>
        <SubHeading>It can tell you</SubHeading>
        <Bullets items={can} />
      </Box>
      <Box>
        <SubHeading>It cannot tell you</SubHeading>
        <Bullets items={cannot} />
      </Box>
    </SimpleGrid>
  );
}
