import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { GAD7_ASSESSMENT_THRESHOLD, MAX_SCORE, PSQI_POOR_SLEEPER_ABOVE, type Instrument } from '../../../machines/questionnaire-scoring';
import { formatShopDate } from '@/lib/dates';
import type { components } from '../../../openapi/schema';
import { answerText, INSTRUMENT_TEXTS, PSQI_COMPONENT_LABELS, resultSummary } from '@/lib/questionnaire-texts';

type SavedQuestionnaireResult = components['schemas']['QuestionnaireResult'];

const Details = chakra('details');
const Summary = chakra('summary');

const CHART = { width: 400, height: 96, top: 8, bottom: 8, left: 6, right: 6 };

/** Where the instrument's score starts to call for attention: GAD-7 10 (an assessment), PSQI above 5 (poor sleep). */
const LINE: Record<Instrument, { at: number; label: string }> = {
  gad7: { at: GAD7_ASSESSMENT_THRESHOLD, label: `${GAD7_ASSESSMENT_THRESHOLD} and above: an assessment is suggested` },
  psqi: { at: PSQI_POOR_SLEEPER_ABOVE + 0.5, label: `above ${PSQI_POOR_SLEEPER_ABOVE}: poor sleep quality` },
};

/** A small line chart of one instrument's scores, oldest on the left; described in words for screen readers. */
export function ScoreChart({ instrument, results }: { instrument: Instrument; results: readonly SavedQuestionnaireResult[] }) {
  const points = [...results].reverse();
  const { width, height, top, bottom, left, right } = CHART;
  const x = (index: number) => (points.length === 1 ? width / 2 : left + (index * (width - left - right)) / (points.length - 1));
  const y = (score: number) => top + ((MAX_SCORE - score) * (height - top - bottom)) / MAX_SCORE;
  const line = LINE[instrument];
  const description = `${INSTRUMENT_TEXTS[instrument].shortName} scores over time, out of ${MAX_SCORE}: ${points
    .map((point) => `${point.score} on ${formatShopDate(point.createdAt)}`)
    .join(', ')}.`;
  return (
    <Box as="figure" m="0" maxW="lg" data-testid={`chart-${instrument}`}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={description} style={{ display: 'block', height: 'auto' }}>
        <rect x="0" y={top} width={width} height={y(line.at) - top} fill="var(--chakra-colors-orange-50)" />
        <line x1="0" x2={width} y1={y(line.at)} y2={y(line.at)} stroke="var(--chakra-colors-orange-400)" strokeDasharray="4 3" strokeWidth="1" />
        <line x1="0" x2={width} y1={y(0)} y2={y(0)} stroke="var(--chakra-colors-gray-300)" strokeWidth="1" />
        {points.length > 1 ? (
          <polyline
            fill="none"
            stroke="var(--chakra-colors-brand-600)"
            strokeWidth="2"
            points={points.map((point, index) => `${x(index)},${y(point.score)}`).join(' ')}
          />
        ) : null}
        {points.map((point, index) => (
          <circle key={point._id} cx={x(index)} cy={y(point.score)} r="3.5" fill="var(--chakra-colors-brand-700)" />
        ))}
      </svg>
      <Text as="figcaption" fontSize="xs" color="gray.700">
        Dashed line: {line.label}. Lower is better.
      </Text>
    </Box>
  );
}

function PsqiComponents({ result }: { result: SavedQuestionnaireResult }) {
  const components = result.result.components;
  if (!components) return null;
  return (
    <Text fontSize="xs" color="gray.700">
      {(Object.keys(PSQI_COMPONENT_LABELS) as Array<keyof typeof PSQI_COMPONENT_LABELS>)
        .map((key, index) => `C${index + 1} ${components[key] ?? '–'}`)
        .join(' · ')}
    </Text>
  );
}

function Answers({ result }: { result: SavedQuestionnaireResult }) {
  const text = INSTRUMENT_TEXTS[result.instrument];
  return (
    <Details fontSize="sm" mt="1">
      <Summary cursor="pointer" color="brand.700">
        Answers
      </Summary>
      <Box as="dl" mt="2" display="grid" gridTemplateColumns={{ base: '1fr', md: '3fr 2fr' }} columnGap="4" rowGap="1">
        {text.questions.map((question) => (
          <Box key={question.id} display="contents">
            <Box as="dt" color="gray.700">
              {question.number}. {question.prompt}
            </Box>
            <Box as="dd" fontWeight="medium" mb={{ base: '2', md: '0' }}>
              {answerText(question, result.answers)}
            </Box>
          </Box>
        ))}
      </Box>
    </Details>
  );
}

/**
 * A person's kept results, by instrument: a chart of the scores and the list, newest first. `showAnswers` adds each
 * result's answers (the care team's view).
 */
export function ScoreHistory({
  results,
  showAnswers = false,
  headingLevel = 'h3',
}: {
  results: readonly SavedQuestionnaireResult[];
  showAnswers?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const instruments = (['gad7', 'psqi'] as const).filter((instrument) => results.some((result) => result.instrument === instrument));
  return (
    <Stack gap="6">
      {instruments.map((instrument) => {
        const own = results.filter((result) => result.instrument === instrument);
        return (
          <Box as="section" key={instrument} aria-label={INSTRUMENT_TEXTS[instrument].title} data-testid={`history-${instrument}`}>
            <Heading as={headingLevel} size="md" mb="2">
              {INSTRUMENT_TEXTS[instrument].title}
            </Heading>
            <ScoreChart instrument={instrument} results={own} />
            <Box as="ul" listStyleType="none" mt="3" display="grid" gap="2">
              {own.map((result) => (
                <Box as="li" key={result._id} borderTopWidth="1px" borderColor="gray.100" pt="2" data-testid="history-entry">
                  <Box display="flex" justifyContent="space-between" gap="3" flexWrap="wrap">
                    <Text fontWeight="semibold">{resultSummary(result.result)}</Text>
                    <Text color="gray.700" fontSize="sm">
                      {formatShopDate(result.createdAt)}
                    </Text>
                  </Box>
                  {instrument === 'psqi' ? <PsqiComponents result={result} /> : null}
                  {showAnswers ? <Answers result={result} /> : null}
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
