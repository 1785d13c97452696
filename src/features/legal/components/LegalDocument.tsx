/**
 * The frame of the shop's legal documents (Privacy Policy, Terms and Conditions): the date they were last changed, a
 * table of contents made from the sections themselves, so that every entry has its anchor, and the sections at a
 * length of line that reads well on a phone and on paper.
 */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ContentPage, Section } from '@/components/layout/Prose';
import { site } from '@/lib/site';

export interface LegalSection {
  /** Its anchor on the page (`#id`). */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  description: string;
  path: string;
  lead: ReactNode;
  /** The day the text last changed, as an ISO date and in words. */
  updated: { iso: string; text: string };
  sections: LegalSection[];
}

/** Links inside running text: underlined, and wrapping like the words around them (the recipe makes them flex boxes). */
const inlineLinkStyle = { variant: 'underline', colorPalette: 'brand', display: 'inline', overflowWrap: 'anywhere' } as const;

/** A link to another page of the shop, inside running text. */
export function ShopLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <ChakraLink asChild {...inlineLinkStyle}>
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/** A link by its plain address (a part of this page, a mail address, a phone number), inside running text. */
export function HrefLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ChakraLink href={href} {...inlineLinkStyle}>
      {children}
    </ChakraLink>
  );
}

/** A paragraph of a legal text. */
export function Para({ children }: { children: ReactNode }) {
  return <Text mb="4">{children}</Text>;
}

/** A titled part of a section. */
export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" size="lg" mt="6" mb="2" color="gray.900">
      {children}
    </Heading>
  );
}

/** Terms and what they mean, stacked so that they fit a phone and a printed page alike. */
export function Definitions({ items }: { items: Array<{ term: ReactNode; meaning: ReactNode }> }) {
  return (
    <Box as="dl" display="grid" gap="4" mb="4">
      {items.map((item, index) => (
        <Box key={index} borderStartWidth="3px" borderColor="brand.200" ps="4">
          <Text as="dt" fontWeight="semibold" color="gray.900">
            {item.term}
          </Text>
          {/* The last paragraph's own spacing would add to the gap between items. */}
          <Box as="dd" mt="1" css={{ '& > p:last-child': { marginBottom: '0' } }}>
            {item.meaning}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Contents({ sections }: { sections: LegalSection[] }) {
  return (
    <Box as="nav" aria-labelledby="contents-title" bg="gray.50" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id="contents-title" size="lg" mb="3">
        Contents
      </Heading>
      <Box as="ol" ps="6" listStyleType="decimal" display="grid" gap="1.5">
        {sections.map((section) => (
          <li key={section.id}>
            <HrefLink href={`#${section.id}`}>{section.title}</HrefLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}

export function LegalDocument({ title, description, path, lead, updated, sections }: LegalDocumentProps) {
  const webPage = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: title,
    description,
    dateModified: updated.iso,
    publisher: { '@type': 'Organization', name: site.company },
  };
  return (
    <ContentPage title={title} description={description} path={path} lead={lead} jsonLd={webPage}>
      {/* About 70 characters a line: long legal lines are hard to follow on a wide screen and on paper. */}
      <Box maxW="70ch" color="gray.800" lineHeight="1.7">
        <Text fontSize="sm" color="gray.700" mb="6">
          Last updated: <time dateTime={updated.iso}>{updated.text}</time>
        </Text>
        <Contents sections={sections} />
        {sections.map((section) => (
          <Section key={section.id} id={section.id} title={section.title}>
            {section.body}
          </Section>
        ))}
      </Box>
    </ContentPage>
  );
}
