import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** The building blocks of the kit pages and the Gut Start campaign page (with Section and Bullets of the shared Prose). */

interface Point {
  title: string;
  detail: string;
}

/** Short titled points on tinted cards, two or three to a row on wide screens. */
export function PointCards({ points, columns }: { points: Point[]; columns: 2 | 3 }) {
  return (
    <SimpleGrid columns={{ base: 1, md: columns }} gap="4">
      {points.map((point) => (
        <Box key={point.title} bg="gray.50" rounded="lg" p="5">
          <Heading as="h3" size="md" mb="1">
            {point.title}
          </Heading>
          <Text color="gray.700">{point.detail}</Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** The sampling steps, numbered, four across on wide screens. */
export function SamplingSteps({ steps }: { steps: Point[] }) {
  return (
    <Box as="ol" listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }} gap="4">
      {steps.map((step, index) => (
        <Box as="li" key={step.title} borderWidth="1px" borderColor="gray.200" rounded="lg" p="5">
          <Text fontSize="sm" fontWeight="bold" color="brand.700">
            Step {index + 1}
          </Text>
          <Heading as="h3" size="md" mb="1">
            {step.title}
          </Heading>
          <Text color="gray.700">{step.detail}</Text>
        </Box>
      ))}
    </Box>
  );
}

/** What comes in every kit, beside a list. Below the fold: fetched only when it nears the screen, its box sized already. */
export function WithKitContents({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="center">
      {children}
      <img
        src="/images/kit-contents.svg"
        alt="What comes in every kit: a collection tube, a scoop, a paper collection sheet, gloves and a return envelope"
        width={480}
        height={300}
        loading="lazy"
        decoding="async"
        style={{ width: '100%', height: 'auto', maxWidth: '480px' }}
      />
    </SimpleGrid>
  );
}
