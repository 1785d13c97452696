import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { launchOffer, useLaunchOffer, type LaunchOfferState } from '@/lib/launch-offer';
import { site } from '@/lib/site';
import { gutStart } from '../content/gut-start';
import { MEDICAL_NOTE } from '../content/types';
import { KitPurchase } from './KitPurchase';
import { Bullets, Section } from '@/components/layout/Prose';
import { PointCards, SamplingSteps, WithKitContents } from './KitSections';

const REASONS = [
  {
    title: 'Trillions of bacteria, one of a kind',
    detail: 'Your gut bacteria help digest fibre, make some vitamins and train your immune system. No two people carry the same mix.',
  },
  {
    title: 'Shaped by what you eat',
    detail: 'Dals, millets, curd and seasonal vegetables feed different bacteria. Seeing your mix shows which foods to lean on.',
  },
  {
    title: 'Measured, not guessed',
    detail: 'Gut Start sequences the bacterial DNA in your sample in our lab and compares it with healthy Indian adults.',
  },
];

/** The line above the heading: the offer with its last day, never "limited time" without one. */
function eyebrow(offer: LaunchOfferState): string {
  if (offer === 'running') return `Launch offer until ${launchOffer.lastDay}`;
  return offer === 'undated' ? 'Launch offer' : 'Our starter gut test';
}

/** /landing-page: the Gut Start launch campaign. */
export function GutStartLanding() {
  const offer = useLaunchOffer();
  useEffect(() => {
    document.title = `Gut Start at ${site.launchPrice} | ${site.brand}`;
  }, []);
  return (
    <Box>
      <Box bg="brand.50" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <SimpleGrid maxW="6xl" mx="auto" columns={{ base: 1, lg: 2 }} gap={{ base: '6', lg: '12' }} alignItems="center">
          <Box>
            <Text fontWeight="bold" color="brand.700" textTransform="uppercase" letterSpacing="wide" fontSize="sm" mb="2" data-testid="landing-offer">
              {eyebrow(offer)}
            </Text>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} color="brand.900" lineHeight="1.15">
              Know your gut for{' '}
              <Box as="span" whiteSpace="nowrap">
                {site.launchPrice}
              </Box>
            </Heading>
            <Text mt="4" fontSize={{ base: 'md', md: 'lg' }} color="gray.800">
              {gutStart.intro}
            </Text>
            <Box mt="5">
              <KitPurchase code={gutStart.code} name={gutStart.name} />
            </Box>
            <Box asChild color="brand.700" textDecoration="underline" fontWeight="semibold">
              <Link to="/products/gut360-start">Everything about Gut Start</Link>
            </Box>
          </Box>
          <Box rounded="2xl" overflow="hidden" bg="white" borderWidth="1px" borderColor="brand.100">
            <img src={gutStart.image.src} alt={gutStart.image.alt} width={560} height={420} decoding="async" fetchPriority="high" style={{ width: '100%', height: 'auto', display: 'block' }} />
          </Box>
        </SimpleGrid>
      </Box>

      <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} pb={{ base: '10', md: '16' }}>
        <Section id="why" title="Why look at your gut?">
          <PointCards points={REASONS} columns={3} />
        </Section>

        <Section id="you-get" title="What you get">
          <WithKitContents>
            <Bullets items={[...gutStart.report, gutStart.turnaround]} />
          </WithKitContents>
        </Section>

        <Section id="how" title="Four steps, from home">
          <SamplingSteps steps={gutStart.sampling} />
        </Section>

        <Box mt="12" textAlign="center" bg="brand.700" color="white" rounded="2xl" px="6" py="10">
          <Heading as="h2" size="2xl">
            Start with Gut Start at {site.launchPrice}
          </Heading>
          <Text mt="2" color="brand.50">
            Free return of your sample in the prepaid envelope. Results in 3 to 4 weeks.
          </Text>
          <Button asChild mt="6" size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
            <Link to="/products/gut360-start">See Gut Start</Link>
          </Button>
        </Box>

        <Text mt="8" fontSize="sm" color="gray.700">
          {MEDICAL_NOTE}
        </Text>
      </Box>
    </Box>
  );
}
