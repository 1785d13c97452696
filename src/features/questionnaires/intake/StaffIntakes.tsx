/**
 * A customer's food and lifestyle intakes for their care team, read-only, one per kit answered (the latest kit
 * first). The server writes each reading to the audit log.
 */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { KIT_JOURNEY_LABELS } from '../../../../machines/kit-journey';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { formatShopDate } from '@/lib/dates';
import { staffCustomerIntakesQueryOptions } from './api';
import { AnswerList, INTAKE_TITLE } from './AnswerList';

export function StaffIntakes({ customerId }: { customerId: string }) {
  const intakes = useQuery(staffCustomerIntakesQueryOptions(customerId));
  return (
    <Box as="section" aria-labelledby="care-intakes-heading" mb="8" data-testid="care-intakes">
      <Heading as="h2" size="lg" mb="3" id="care-intakes-heading">
        {INTAKE_TITLE}s
      </Heading>
      {intakes.isPending ? (
        <Text color="gray.600" role="status">
          Loading the intakes…
        </Text>
      ) : intakes.isError ? (
        <DataLoadFailure what="this customer’s food and lifestyle questionnaires" error={intakes.error} onRetry={() => void intakes.refetch()} />
      ) : intakes.data.length === 0 ? (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6">
          <Text>This customer has not answered a food and lifestyle questionnaire for any kit.</Text>
        </Box>
      ) : (
        <Stack gap="4">
          {intakes.data.map((intake) => (
            <Box as="article" key={intake.kitId} borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }} aria-label={`${intake.kitName} ${intake.boxCode}`}>
              <Heading as="h3" size="md">
                {intake.kitName} <Text as="span" fontWeight="normal" color="gray.700" fontSize="sm">· {intake.boxCode}</Text>
              </Heading>
              <Text color="gray.700" fontSize="sm" mb="3">
                {KIT_JOURNEY_LABELS[intake.kitState]} · answered {formatShopDate(intake.answeredAt)}
                {intake.updatedAt !== intake.answeredAt ? `, last changed ${formatShopDate(intake.updatedAt)}` : ''}
              </Text>
              <AnswerList answers={intake.answers} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
