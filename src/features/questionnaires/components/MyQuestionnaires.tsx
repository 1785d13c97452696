import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { Instrument } from '../../../../machines/questionnaire-scoring';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { formatShopDate } from '@/lib/dates';
import { useMyQuestionnaireResults, type SavedQuestionnaireResult } from '../api/questionnaires';
import { ScoreHistory } from '@/components/questionnaires/ScoreHistory';
import { INSTRUMENT_TEXTS } from '@/lib/questionnaire-texts';

/** The dashboard's section: the person's kept GAD-7 and PSQI results over time, and links to take each. */
export function MyQuestionnaires() {
  const history = useMyQuestionnaireResults();
  return (
    <Box as="section" aria-labelledby="my-questionnaires-title" mt="10" data-testid="my-questionnaires">
      <Heading as="h2" size="xl" id="my-questionnaires-title" mb="4">
        My questionnaires
      </Heading>
      {history.isPending ? (
        <PageSpinner label="Loading your questionnaire results…" />
      ) : history.isError ? (
        <DataLoadFailure what="your questionnaire results" error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Stack gap="6">
          {history.data.results.length === 0 ? (
            <Text color="gray.800">
              You have not kept any questionnaire results yet. Results you keep appear here with a chart of your scores over time.
            </Text>
          ) : (
            <ScoreHistory results={history.data.results} />
          )}
          <Box display="flex" gap="3" flexWrap="wrap">
            <Button asChild variant="outline" colorPalette="brand">
              <Link to="/questionaire/gad7">Take the GAD-7</Link>
            </Button>
            <Button asChild variant="outline" colorPalette="brand">
              <Link to="/questionaire/psqi">Take the PSQI</Link>
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}

/** The latest result of `instrument` kept on or after `since`, if any. */
export function completedSince(results: readonly SavedQuestionnaireResult[], instrument: Instrument, since: string): SavedQuestionnaireResult | undefined {
  const from = Date.parse(since);
  return results.find((result) => result.instrument === instrument && Date.parse(result.createdAt) >= from);
}

/**
 * A Gut SEnS kit's step after activation: both questionnaires, each shown as done (with its date) or to do. The report
 * is made once the lab has the sample and both are complete.
 */
export function GutSensQuestionnaires({ activatedAt }: { activatedAt: string }) {
  const history = useMyQuestionnaireResults();
  const results = history.data?.results ?? [];
  return (
    <Box borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="md" p="4" mt="4" data-testid="gutsens-questionnaires">
      <Text fontWeight="semibold" mb="2">
        Gut SEnS needs both questionnaires, answered since you activated the kit
      </Text>
      {history.isError ? (
        <Text color="red.700">We could not check your questionnaires just now. Please reload the page.</Text>
      ) : (
        <Box as="ul" listStyleType="none" display="grid" gap="2">
          {(['psqi', 'gad7'] as const).map((instrument) => {
            const done = completedSince(results, instrument, activatedAt);
            const text = INSTRUMENT_TEXTS[instrument];
            return (
              <Box as="li" key={instrument} display="flex" gap="2" alignItems="baseline" flexWrap="wrap" data-testid={`gutsens-${instrument}`}>
                <Text as="span" aria-hidden="true" color={done ? 'green.700' : 'gray.600'}>
                  {done ? '✓' : '○'}
                </Text>
                <Text as="span">
                  {text.title}:{' '}
                  {history.isPending ? (
                    'checking…'
                  ) : done ? (
                    <strong>done on {formatShopDate(done.createdAt)}</strong>
                  ) : (
                    <>
                      <strong>to do</strong> ·{' '}
                      <ChakraLink asChild color="brand.700" textDecoration="underline">
                        <Link to={text.path}>answer it now</Link>
                      </ChakraLink>
                    </>
                  )}
                </Text>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
