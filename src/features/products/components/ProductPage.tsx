import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { PageTitle } from '@/components/layout/PageTitle';
import { launchOffer, useLaunchOffer } from '@/lib/launch-offer';
import { MEDICAL_NOTE, type KitContent } from '../content/types';
import { Bullets, Section } from '@/components/layout/Prose';
import { PointCards, SamplingSteps, WithKitContents } from './KitSections';
import { KitPurchase } from './KitPurchase';

/** The kit's launch offer with its last day; once that day is over, nothing. */
function KitOffer({ text }: { text: string }) {
  const offer = useLaunchOffer();
  if (offer === 'over') return null;
  return (
    <Text fontWeight="bold" color="brand.700" mb="2" data-testid="offer">
      {text}
      {offer === 'running' ? ` until ${launchOffer.lastDay}` : null}
    </Text>
  );
}

/** A kit's page: what it measures, who it is for, what is in the box, sampling, turnaround, price, FAQs, Add to cart. */
export function ProductPage({ kit }: { kit: KitContent }) {
  return (
    <Box as="article" maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }}>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '6', lg: '12' }} alignItems="start">
        {/* On phones the name, price and Add to cart come first; the picture follows. */}
        <Box order={{ base: 2, lg: 1 }} rounded="2xl" overflow="hidden" bg="brand.50" borderWidth="1px" borderColor="brand.100">
          {/* Above the fold: loaded at once, with its size reserved. */}
          <img src={kit.image.src} alt={kit.image.alt} width={560} height={420} decoding="async" fetchPriority="high" style={{ width: '100%', height: 'auto', display: 'block' }} />
        </Box>
        <Box order={{ base: 1, lg: 2 }}>
          {kit.offer ? <KitOffer text={kit.offer} /> : null}
          <PageTitle title={kit.name}>{kit.tagline}</PageTitle>
          <Text color="gray.800" mb="5">
            {kit.intro}
          </Text>
          <KitPurchase code={kit.code} name={kit.name} />
          <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3" mt="2">
            {kit.facts.map((fact) => (
              <Box key={fact.label} borderWidth="1px" borderColor="gray.200" rounded="lg" p="3">
                <Text as="dt" fontSize="sm" color="gray.600">
                  {fact.label}
                </Text>
                <Text as="dd" fontWeight="semibold" color="gray.900">
                  {fact.value}
                </Text>
              </Box>
            ))}
          </Box>
        </Box>
      </SimpleGrid>

      <Section id="measures" title="What it measures">
        <PointCards points={kit.measures} columns={2} />
      </Section>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '0', md: '10' }}>
        <Section id="for-whom" title="Who it is for">
          <Bullets items={kit.forWhom} />
        </Section>
        <Section id="not-for" title="When to choose something else">
          <Bullets items={kit.notFor} />
        </Section>
      </SimpleGrid>

      <Section id="in-the-box" title="What is in the box">
        <WithKitContents>
          <Bullets items={kit.inTheBox} />
        </WithKitContents>
      </Section>

      <Section id="sampling" title="How sampling works">
        <SamplingSteps steps={kit.sampling} />
      </Section>

      <Section id="turnaround" title="Turnaround and your report">
        <Text color="gray.800" mb="3">
          {kit.turnaround}
        </Text>
        <Bullets items={kit.report} />
        <Text mt="3">
          <Link to="/sample-report/$slug" params={{ slug: kit.slug }} style={{ textDecoration: 'underline', fontWeight: 600 }}>
            See a sample report of {kit.name}
          </Link>
        </Text>
      </Section>

      <Section id="faqs" title="Questions people ask">
        <Box>
          {kit.faqs.map((faq) => (
            <Box asChild key={faq.question} borderBottomWidth="1px" borderColor="gray.200" py="3">
              <details>
                <Box as="summary" cursor="pointer" fontWeight="semibold" py="1" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}>
                  {faq.question}
                </Box>
                <Text color="gray.700" mt="2">
                  {faq.answer}
                </Text>
              </details>
            </Box>
          ))}
        </Box>
        <Text mt="4" color="gray.700">
          More questions? Read our{' '}
          <Box asChild color="brand.700" textDecoration="underline">
            <Link to="/faq">FAQ</Link>
          </Box>{' '}
          or{' '}
          <Box asChild color="brand.700" textDecoration="underline">
            <Link to="/contact-us">contact us</Link>
          </Box>
          .
        </Text>
      </Section>

      <Box as="aside" mt="10" bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="lg" p="5" aria-label="Medical note">
        <Text fontWeight="semibold" mb="1">
          Please note
        </Text>
        <Text color="gray.800" fontSize="sm">
          {MEDICAL_NOTE}
        </Text>
      </Box>
    </Box>
  );
}
