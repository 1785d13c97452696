import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { Section } from '@/components/layout/Prose';
import { site } from '@/lib/site';
import { SCIENCE_PAGES, type KitPath, type SciencePageKey } from '../content/pages';
import { linkStyle } from './ScienceText';

/**
 * The end of every science page: the kits that look at what the page explains, each with why, and the other
 * science pages.
 */
export function NextSteps({ current, kits }: { current: SciencePageKey; kits: Partial<Record<KitPath, string>> }) {
  const kitsShown = site.products.filter((kit) => kits[kit.to]);
  const otherPages = Object.values(SCIENCE_PAGES).filter((page) => page.to !== SCIENCE_PAGES[current].to);
  return (
    <>
      <Section id="which-test" title="Which test looks at this">
        <SimpleGrid columns={{ base: 1, md: kitsShown.length > 1 ? 2 : 1 }} gap="4">
          {kitsShown.map((kit) => (
            <Box key={kit.to} bg="brand.50" borderWidth="1px" borderColor="brand.100" rounded="lg" p="5">
              <Heading as="h3" size="md" mb="1">
                <Box asChild {...linkStyle}>
                  <Link to={kit.to}>{kit.label}</Link>
                </Box>
              </Heading>
              <Text color="gray.800">{kits[kit.to]}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="more-science" title="More of our science">
        <Box as="ul" listStyleType="none" display="grid" gap="4" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}>
          {otherPages.map((page) => (
            <Box as="li" key={page.to} borderWidth="1px" borderColor="gray.200" rounded="lg" p="5">
              <Heading as="h3" size="md" mb="1">
                <Box asChild {...linkStyle}>
                  <Link to={page.to}>{page.title}</Link>
                </Box>
              </Heading>
              <Text color="gray.700">{page.summary}</Text>
            </Box>
          ))}
        </Box>
      </Section>
    </>
  );
}
