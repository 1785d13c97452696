/**
 * /care/questionnaires: customers' GAD-7 and PSQI results for their care team (admins, doctors, nutritionists),
 * read-only. The server searches, filters, sorts and pages; the address holds what is shown.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageTitle } from '@/components/layout/PageTitle';
import { FilterSelect, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { formatShopDateTime } from '@/lib/dates';
import { STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import { staffQuestionnaireResultsQueryOptions, type StaffQuestionnaireResult } from '../../api/questionnaires';
import { INSTRUMENT_TEXTS, resultSummary } from '@/lib/questionnaire-texts';
import {
  CARE_INSTRUMENTS,
  CARE_SORTS,
  careResultsParams,
  careResultsQuery,
  careSearchFor,
  careSearchFrom,
  type CareResultSort,
  type CareResultsParams,
  type QuestionnaireInstrument,
} from '../params';
import { nameOf, NO_EMAIL } from './labels';

const ANY = 'any';

const CARE_SORT_LABEL: Record<CareResultSort, string> = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  '-score': 'Highest score first',
  score: 'Lowest score first',
};

const INSTRUMENT_LABEL: Record<QuestionnaireInstrument | typeof ANY, string> = {
  any: 'Any questionnaire',
  gad7: INSTRUMENT_TEXTS.gad7.shortName,
  psqi: INSTRUMENT_TEXTS.psqi.shortName,
};

function Customer({ result }: { result: StaffQuestionnaireResult }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
        {nameOf(result.customer)}
      </Text>
      <Text as="span" fontSize="sm" color="gray.700" overflowWrap="anywhere">
        {result.customer.email ?? NO_EMAIL}
      </Text>
    </Stack>
  );
}

export function CareQuestionnairesPage({ search }: { search: unknown }) {
  const params = careResultsParams(careSearchFrom(search));
  const results = useQuery(staffQuestionnaireResultsQueryOptions(careResultsQuery(params)));
  const navigate = useNavigate();

  const show = (change: Partial<CareResultsParams>) =>
    void navigate({ to: '/care/questionnaires', search: careSearchFor({ ...params, page: 1, ...change }) });
  const filtered = Boolean(params.q || params.instrument);
  const data = results.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / STAFF_PAGE_SIZE)) : 1;

  const columns: StaffColumn<StaffQuestionnaireResult>[] = [
    { id: 'customer', header: 'Customer', rowHeader: true, cell: (result) => <Customer result={result} /> },
    { id: 'instrument', header: 'Questionnaire', nowrap: true, cell: (result) => INSTRUMENT_TEXTS[result.instrument].shortName },
    { id: 'score', header: 'Result', sort: 'score', cell: (result) => resultSummary(result.result) },
    {
      id: 'createdAt',
      header: 'Taken',
      sort: 'createdAt',
      nowrap: true,
      cell: (result) => <time dateTime={result.createdAt}>{formatShopDateTime(result.createdAt)}</time>,
    },
    {
      id: 'history',
      header: 'History',
      cell: (result) => (
        <ChakraLink asChild color="brand.700" textDecoration="underline">
          <Link to="/care/questionnaires" search={{ customer: result.customer._id }} aria-label={`History of ${nameOf(result.customer)}`}>
            History
          </Link>
        </ChakraLink>
      ),
    },
  ];

  const what = params.instrument ? `${INSTRUMENT_TEXTS[params.instrument].shortName} results` : 'Questionnaire results';

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title="Questionnaire results">
        The GAD-7 and PSQI results customers kept, for their care team. Read-only: open a customer’s history for their scores over time and
        their answers.
      </PageTitle>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <SearchBox
          id="care-search"
          label="Search the results"
          placeholder="Customer’s name or e-mail"
          value={params.q}
          onSearch={(q) => show({ q })}
        />
        <FilterSelect<QuestionnaireInstrument | typeof ANY>
          id="care-instrument"
          label="Questionnaire"
          value={params.instrument ?? ANY}
          values={[ANY, ...CARE_INSTRUMENTS]}
          labels={INSTRUMENT_LABEL}
          onChange={(instrument) => show({ instrument: instrument === ANY ? undefined : instrument })}
        />
        <FilterSelect
          id="care-sort"
          label="Sort by"
          value={params.sort}
          values={CARE_SORTS}
          labels={CARE_SORT_LABEL}
          onChange={(sort) => show({ sort })}
        />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, instrument: undefined })}>
            Clear filters
          </Button>
        ) : null}
        <Text role="status" srOnly>
          {results.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <StaffListBody
        query={results}
        what="the questionnaire results"
        loadingLabel="Loading the results…"
        latestWhat="the latest list"
        testId="care-results-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => show({ page: lastPage })}
        nothingOnPage="There is no result"
        filtered={filtered}
        noMatch="No result matches these filters."
        noneYet="No customer has kept a questionnaire result yet."
      >
        {(data) => (
          <>
            <StaffTable
              columns={columns}
              rows={data.items}
              rowId={(result) => result._id}
              caption={`${what}, ${CARE_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as CareResultSort })}
              updating={results.isPlaceholderData}
              testId="care-results"
            />
            <Pager
              label="Pages of results"
              page={params.page}
              pageSize={STAFF_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => void navigate({ to: '/care/questionnaires', search: careSearchFor({ ...params, page }) })}
            />
          </>
        )}
      </StaffListBody>
    </Box>
  );
}
