import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { Bullets, ContentPage, Section } from '@/components/layout/Prose';
import { site } from '@/lib/site';
import { howItWorks, kitLines, scienceLines } from '../content/about';
import { HowItWorksFigure } from './HowItWorksFigure';
import { TextLink } from './TextLink';

const WHAT_IT_IS = [
  'A reading of the bacterial DNA in a small stool sample that you collect at home.',
  'A picture of which bacteria live in your gut and in what proportions and, with metagenomic sequencing, what their genes equip them to do.',
  'A comparison with healthy Indian adults, and what the research links your results to.',
  'A starting point for food changes that fit Indian meals.',
];

const WHAT_IT_IS_NOT = [
  'A diagnosis: it does not diagnose, treat or prevent any disease.',
  'A stool culture or a test for infections.',
  'A reason to stop or change a medicine: talk to your doctor first.',
  'A test for children: our reference data are for adults.',
];

function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text color="gray.800" mb="4">
      {children}
    </Text>
  );
}

/** /about-us: who we are, why we study the gut, how a test works, how we handle data, our kits and how to reach us. */
export function AboutPage() {
  return (
    <ContentPage
      title="About us"
      description="Gut360 Health measures your gut bacteria in the lab and turns them into diet advice that fits Indian food. Who we are and how our tests work."
      path="/about-us"
      lead="Gut health measured, not guessed, with advice that fits the food you eat."
    >
      <Section id="mission" title="Why we study the gut">
        <Paragraph>
          Trillions of bacteria live in your gut. They help digest fibre, make some vitamins and work with your immune system, and
          no two people carry the same mix. What you eat every day shapes them.
        </Paragraph>
        <Paragraph>
          Yet most diet advice is generic, and much of it is written for food that is rarely on an Indian plate. {site.brand} exists
          to change that: we measure your gut bacteria in a lab rather than guess from symptoms, and turn the result into advice
          built on the food you actually eat, from dals, millets, rice and rotis to curd and other fermented foods and seasonal
          vegetables.
        </Paragraph>
        <Paragraph>
          We are {site.company}, and we work for customers across India. Our reports compare your results with healthy Indian
          adults, because gut bacteria vary with diet and place, and many published reference groups come from Europe and North
          America.
        </Paragraph>
      </Section>

      <Section id="what-a-test-is" title="What a gut microbiome test is, and what it is not">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Box bg="brand.50" rounded="lg" p="5">
            <Heading as="h3" size="md" mb="3">
              What it is
            </Heading>
            <Bullets items={WHAT_IT_IS} />
          </Box>
          <Box bg="orange.50" rounded="lg" p="5">
            <Heading as="h3" size="md" mb="3">
              What it is not
            </Heading>
            <Bullets items={WHAT_IT_IS_NOT} />
          </Box>
        </SimpleGrid>
        <Text color="gray.800" mt="4">
          See a doctor promptly if you notice blood in your stool, unexplained weight loss, persistent fever, anaemia, or
          symptoms that wake you at night.
        </Text>
      </Section>

      <Section id="how-we-work" title="How we work">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '6', md: '10' }} alignItems="start">
          <HowItWorksFigure />
          <Box as="ol" listStyleType="decimal" ps="5" display="grid" gap="4">
            {howItWorks.map((step) => (
              <li key={step.title}>
                <Text fontWeight="semibold" color="gray.900">
                  {step.title}
                </Text>
                <Text color="gray.800">{step.detail}</Text>
              </li>
            ))}
          </Box>
        </SimpleGrid>
      </Section>

      <Section id="your-data" title="How we handle your data">
        <Bullets
          items={[
            'In the lab your sample is identified only by its kit code, never by your name.',
            'Your report is visible to you and to the members of our team caring for you, such as your nutritionist. We never sell your data.',
            'Your sample and results are used for research only if you agree, without your name or contact details, and you can withdraw at any time.',
            <>
              On <TextLink to="/user/privacy">Privacy and data</TextLink> in your account you can see what we hold about you,
              change your consents, download a copy and ask us to erase your account, as India’s Digital Personal Data
              Protection Act, 2023 provides.
            </>,
          ]}
        />
        <Text color="gray.800" mt="4">
          Our <TextLink to="/privacy-policy">privacy policy</TextLink> explains what we collect, why, and for how long.
        </Text>
      </Section>

      <Section id="our-kits" title="Our kits">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {site.products.map((kit) => (
            <Box key={kit.to} borderWidth="1px" borderColor="gray.200" rounded="lg" p="5">
              <Heading as="h3" size="md" mb="1">
                <TextLink to={kit.to}>{kit.label}</TextLink>
              </Heading>
              <Text color="gray.800">{kitLines[kit.to]}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="our-science" title="The science behind it">
        <Box as="ul" display="grid" gap="3" listStyleType="none">
          {site.science.map((page) => (
            <li key={page.to}>
              <TextLink to={page.to}>{page.label}</TextLink>
              <Text as="span" color="gray.800">
                : {scienceLines[page.to]}
              </Text>
            </li>
          ))}
        </Box>
      </Section>

      <Section id="contact" title="Talk to us">
        <Text color="gray.800">
          Questions about a kit, your order or your report? Many are answered in our <TextLink to="/faq">FAQ</TextLink>; for
          anything else, <TextLink to="/contact-us">contact us</TextLink> and we will get back to you.
        </Text>
      </Section>
    </ContentPage>
  );
}
