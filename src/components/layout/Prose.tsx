/**
 * The building blocks of the shop's reading pages (science, about, FAQ, legal) and of the kit pages: a page with its
 * head and heading, titled sections that can be linked to, and lists.
 */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import type { ReactNode } from 'react';
import { PageMeta, type PageMetaProps } from './PageMeta';
import { PageTitle } from './PageTitle';

/** A reading page: its head (PageMeta), its heading with an optional lead, and its content at a readable width. */
export function ContentPage({ lead, children, ...meta }: PageMetaProps & { lead?: ReactNode; children: ReactNode }) {
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageMeta {...meta} />
      <PageTitle title={meta.title}>{lead}</PageTitle>
      {children}
    </Box>
  );
}

/** A titled section; its id is its address on the page (`#id`). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" mt={{ base: '10', md: '14' }} aria-labelledby={`${id}-title`} id={id} scrollMarginTop="28">
      <Heading as="h2" id={`${id}-title`} size="2xl" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Box as="ul" ps="5" listStyleType="disc" display="grid" gap="2" color="gray.800">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Box>
  );
}
