/**
 * /care/questionnaires?customer=…: one customer's questionnaire history for their care team, read-only: the chart of each
 * instrument's scores and every result with its answers. The server writes each reading to the audit log.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { staffCustomerQuestionnairesQueryOptions } from '../../api/questionnaires';
import { ScoreHistory } from '@/components/questionnaires/ScoreHistory';
import { StaffIntakes } from '../../intake/StaffIntakes';
import { nameOf, NO_EMAIL } from './labels';

const TITLE = 'Questionnaire history';

function Notice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6" data-testid={testId}>
      {children}
    </Box>
  );
}

/** The history of customer `id`; an admin also gets the link to the customer's full page. */
function History({ id, admin }: { id: string; admin: boolean }) {
  const history = useQuery(staffCustomerQuestionnairesQueryOptions(id));
  if (history.isPending) return <PageSpinner label="Loading the customer’s results…" />;
  if (history.isError) {
    return history.error instanceof ApiError && history.error.status === 404 ? (
      <>
        <PageTitle title="There is no such customer" />
        <Notice testId="care-customer-missing">
          <Text>No customer has this address. The link may be mistyped, or the customer’s account may have been erased.</Text>
        </Notice>
      </>
    ) : (
      <>
        <PageTitle title={TITLE} />
        <DataLoadFailure what="this customer’s questionnaire results" error={history.error} onRetry={() => void history.refetch()} />
      </>
    );
  }
  const { customer, results } = history.data;
  return (
    <>
      <PageTitle title={nameOf(customer)} />
      <Flex gap="4" wrap="wrap" align="center" justify="space-between" mt="-4" mb="6">
        <Text color="gray.700" overflowWrap="anywhere" data-testid="care-customer-email">
          {customer.email ?? NO_EMAIL}
        </Text>
        {admin ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/gut-360-customer-details" search={{ id: customer._id }}>
              Open the full customer page
            </Link>
          </Button>
        ) : null}
      </Flex>
      <Box borderWidth="1px" borderColor="brand.200" bg="brand.50" rounded="lg" p="4" mb="6" data-testid="care-read-only">
        <Text color="gray.800">
          Read-only: these are the results as the customer kept them, and nothing here can be changed. Opening this page is recorded in the
          audit log with your name.
        </Text>
      </Box>
      <StaffIntakes customerId={customer._id} />
      {results.length === 0 ? (
        <Notice testId="care-customer-empty">
          <Text>This customer has not kept any questionnaire results.</Text>
        </Notice>
      ) : (
        <ScoreHistory results={results} showAnswers headingLevel="h2" />
      )}
    </>
  );
}

export function CareCustomerPage({ id, admin }: { id: string | undefined; admin: boolean }) {
  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Button asChild variant="ghost" size="sm" mb="4" ps="0">
        <Link to="/care/questionnaires">← Questionnaire results</Link>
      </Button>
      {id ? (
        <History key={id} id={id} admin={admin} />
      ) : (
        <>
          <PageTitle title={TITLE} />
          <Notice testId="care-customer-missing">
            <Text>No customer was chosen. Pick one from the list of questionnaire results.</Text>
          </Notice>
        </>
      )}
    </Box>
  );
}
