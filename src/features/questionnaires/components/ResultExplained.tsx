import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { GAD7_ASSESSMENT_THRESHOLD, MAX_SCORE, PSQI_POOR_SLEEPER_ABOVE } from '../../../../machines/questionnaire-scoring';
import type { QuestionnaireScore } from '../api/questionnaires';
import { GAD7_BAND_LABELS, INSTRUMENT_TEXTS, PSQI_COMPONENT_LABELS, questionLabel } from '@/lib/questionnaire-texts';

const Table = chakra('table');
const Tr = chakra('tr');
const Th = chakra('th');
const Td = chakra('td');

const GAD7_BAND_RANGES = { minimal: '0–4', mild: '5–9', moderate: '10–14', severe: '15–21' } as const;

function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Heading as="h3" size="md" mb="1">
        {title}
      </Heading>
      <Text color="gray.800">{children}</Text>
    </Box>
  );
}

const HELPLINE = (
  <>
    If you ever think of harming yourself, call Tele-MANAS on <ChakraLink href="tel:14416">14416</ChakraLink> (free, day and night) or
    go to the nearest emergency department.
  </>
);

/** What Gut SEnS adds to a score; a person who has a Gut SEnS kit is told where its report will be instead. */
function GutSensNote({ hasGutSens }: { hasGutSens: boolean }) {
  if (hasGutSens) {
    return (
      <Note title="Your Gut SEnS kit">
        Your Gut SEnS report will set your gut bacteria beside your sleep and stress scores, from the questionnaires you answer after
        activating the kit.{' '}
        <ChakraLink asChild color="brand.700" textDecoration="underline">
          <Link to="/user/dashboard">See My kits</Link>
        </ChakraLink>
      </Note>
    );
  }
  return (
    <Note title="What Gut SEnS adds">
      Gut SEnS sets your gut bacteria beside your sleep and stress scores: bacteria with genes for making or using GABA and for
      tryptophan metabolism, and the fibre fermenters that make short-chain fatty acids. A nutritionist turns it into a food and
      routine plan.{' '}
      <ChakraLink asChild color="brand.700" textDecoration="underline">
        <Link to="/products/gutsens">See Gut SEnS</Link>
      </ChakraLink>
    </Note>
  );
}

/**
 * A result explained in plain words: what the score means and does not mean, and when to see a doctor. Gut SEnS is
 * offered only to someone who does not have one (`hasGutSens`).
 */
export function ResultExplained({
  result,
  headingLevel = 'h2',
  hasGutSens = false,
}: {
  result: QuestionnaireScore;
  headingLevel?: 'h2' | 'h3';
  hasGutSens?: boolean;
}) {
  return result.instrument === 'gad7' ? (
    <Gad7Explained result={result} as={headingLevel} hasGutSens={hasGutSens} />
  ) : (
    <PsqiExplained result={result} as={headingLevel} hasGutSens={hasGutSens} />
  );
}

function Missing({ result }: { result: QuestionnaireScore }) {
  const text = INSTRUMENT_TEXTS[result.instrument];
  return (
    <Text role="alert" color="red.700">
      No score yet: {result.missing.map((id) => questionLabel(text, id)).join(', ')} {result.missing.length === 1 ? 'is' : 'are'} not answered.
    </Text>
  );
}

function Gad7Explained({ result, as, hasGutSens }: { result: QuestionnaireScore; as: 'h2' | 'h3'; hasGutSens: boolean }) {
  if (result.total == null || !result.band) return <Missing result={result} />;
  const needsAssessment = result.total >= GAD7_ASSESSMENT_THRESHOLD;
  return (
    <Stack gap="5">
      <Box borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="lg" p="5">
        <Heading as={as} size="lg" data-testid="result-headline">
          Your GAD-7 score is {result.total} of {MAX_SCORE}: {GAD7_BAND_LABELS[result.band].toLowerCase()}
        </Heading>
        <Text mt="2" color="gray.800">
          Scores of 0–4 are minimal, 5–9 mild, 10–14 moderate and 15–21 severe. Yours is in the {result.band} band (
          {GAD7_BAND_RANGES[result.band]}).
        </Text>
      </Box>
      <Note title="What it means">
        The score adds up how often seven problems of worry and nervousness bothered you over the last two weeks, from 0 for not at all
        to 3 for nearly every day on each.
      </Note>
      <Note title="What it does not mean">
        The GAD-7 screens; it does not diagnose an anxiety disorder. A score says how strong symptoms were lately, not why, and a
        stressful fortnight can raise it for a while.
      </Note>
      <Note title="When to talk to a doctor">
        {needsAssessment
          ? `A score of ${GAD7_ASSESSMENT_THRESHOLD} or more suggests an assessment by a doctor or a mental-health professional. Please book one, and take this result with you. `
          : 'If worry or nervousness gets in the way of work, home or the people around you, talk to a doctor whatever the score. '}
        {HELPLINE}
      </Note>
      <GutSensNote hasGutSens={hasGutSens} />
    </Stack>
  );
}

function PsqiExplained({ result, as, hasGutSens }: { result: QuestionnaireScore; as: 'h2' | 'h3'; hasGutSens: boolean }) {
  const components = result.components;
  if (result.global == null || !components) return <Missing result={result} />;
  return (
    <Stack gap="5">
      <Box borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="lg" p="5">
        <Heading as={as} size="lg" data-testid="result-headline">
          Your PSQI global score is {result.global} of {MAX_SCORE}: {result.poorSleeper ? 'poor sleep quality' : 'good sleep quality'}
        </Heading>
        <Text mt="2" color="gray.800">
          A global score above {PSQI_POOR_SLEEPER_ABOVE} marks poor sleep quality; the lower the score, the better the sleep.
        </Text>
      </Box>
      <Table width="full" fontSize="sm" data-testid="psqi-components">
        <caption style={{ textAlign: 'left', fontWeight: 600, marginBottom: '0.5rem' }}>The seven components, each 0 (best) to 3 (worst)</caption>
        <thead>
          <tr>
            <Th textAlign="left" py="1" pr="2" scope="col">
              Component
            </Th>
            <Th textAlign="right" py="1" scope="col">
              Score
            </Th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(PSQI_COMPONENT_LABELS) as Array<keyof typeof PSQI_COMPONENT_LABELS>).map((key, index) => (
            <Tr key={key} borderTopWidth="1px" borderColor="gray.200">
              <Th scope="row" textAlign="left" fontWeight="normal" py="1.5" pr="2">
                C{index + 1} {PSQI_COMPONENT_LABELS[key]}
              </Th>
              <Td textAlign="right" py="1.5" fontWeight="semibold" data-testid={`component-${key}`}>
                {components[key]}
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {result.efficiency != null && result.hoursInBed != null ? (
        <Text color="gray.800">
          You spent about {formatHours(result.hoursInBed)} in bed and slept {Math.round(result.efficiency * 10) / 10}% of it
          {result.sleepExceedsBed ? ' (you gave more hours asleep than in bed, so we counted 100%)' : ''}.
        </Text>
      ) : null}
      <Note title="What it means">
        The PSQI sums seven parts of your sleep over the past month: how you rate it, how long you take to fall asleep, how long you
        sleep, how much of your time in bed you sleep, what wakes you, sleeping medicine, and how sleepiness affects your day.
      </Note>
      <Note title="What it does not mean">
        The PSQI measures sleep quality; it does not diagnose insomnia, sleep apnoea or any other sleep disorder.
      </Note>
      <Note title="When to talk to a doctor">
        If poor sleep has lasted more than a few weeks, if someone hears you snore loudly with pauses in your breathing, or if you
        struggle to stay awake while driving or at work, see a doctor. If you take medicine for sleep, keep taking it as prescribed.
      </Note>
      <Note title="How we score the edges">
        Published scoring guides disagree at three exact values. We use the bands of the published form: exactly 7 hours of sleep
        scores 1 (6 to 7 hours), exactly 85% of time in bed asleep scores 0, and exactly 15 minutes to fall asleep scores 0. A range
        such as 15–30 minutes counts as its middle.
      </Note>
      <GutSensNote hasGutSens={hasGutSens} />
    </Stack>
  );
}

function formatHours(hours: number): string {
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  return minutes === 0 ? `${whole} hours` : `${whole} h ${minutes} min`;
}
