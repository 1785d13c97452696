import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { intakeSummary, type IntakeDraft } from '../../../../machines/intake-answers';

export const INTAKE_TITLE = 'Food and lifestyle questionnaire';

/** Every answer of a food and lifestyle intake in plain words, as a description list. */
export function AnswerList({ answers }: { answers: IntakeDraft | Record<string, unknown> }) {
  const rows = intakeSummary(answers as IntakeDraft);
  return (
    <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: 'minmax(12rem, 2fr) 3fr' }} columnGap="4" rowGap="1" fontSize="sm">
      {rows.map((row) => (
        <Box key={row.field} display="contents">
          <chakra.dt color="gray.700" mt={{ base: '2', md: '0' }}>
            {row.question}
          </chakra.dt>
          <chakra.dd fontWeight="medium" overflowWrap="anywhere" ms="0">
            {row.answer}
          </chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}
