import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { PageTitle } from '@/components/layout/PageTitle';
import { ExportButton } from '@/components/staff/ExportButton';
import { FilterSelect, formatCount, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { formatShopDateTime } from '@/lib/dates';
import { useEbookLeads, type EbookLead } from '../api/ebook-leads';
import {
  CONSENT_VIEWS,
  LEAD_PAGE_SIZE,
  LEAD_SORTS,
  leadFilter,
  leadListParams,
  leadSearchFor,
  leadSearchFrom,
  type ConsentView,
  type EbookLeadSort,
  type LeadListParams,
} from '../params';
import { CONSENT_LABEL, LEAD_SORT_LABEL } from './labels';

const ANY = 'any';

const COLUMNS: StaffColumn<EbookLead>[] = [
  {
    id: 'name',
    header: 'Name',
    sort: 'name',
    rowHeader: true,
    cell: (lead) => (
      <Text as="span" fontWeight="semibold">
        {lead.name}
      </Text>
    ),
  },
  {
    id: 'email',
    header: 'E-mail',
    sort: 'email',
    cell: (lead) => (
      <Text as="span" overflowWrap="anywhere">
        {lead.email}
      </Text>
    ),
  },
  {
    id: 'consent',
    header: 'Consent to contact',
    sort: 'consentAt',
    cell: (lead) => (
      <Stack gap="0.5" align="flex-start">
        <Badge colorPalette={lead.consentToContact ? 'green' : 'gray'}>{lead.consentToContact ? 'Yes' : 'No'}</Badge>
        <Text as="span" fontSize="xs" color="gray.700" title={lead.consentText}>
          {lead.consentToContact ? 'Given' : 'Answered'} {formatShopDateTime(lead.consentAt)}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'downloads',
    header: 'Downloads',
    sort: 'downloads',
    nowrap: true,
    cell: (lead) => formatCount(lead.downloads),
  },
  {
    id: 'firstRequestedAt',
    header: 'First asked',
    sort: 'firstRequestedAt',
    nowrap: true,
    cell: (lead) => formatShopDateTime(lead.firstRequestedAt),
  },
  {
    id: 'lastRequestedAt',
    header: 'Last asked',
    sort: 'lastRequestedAt',
    nowrap: true,
    cell: (lead) => formatShopDateTime(lead.lastRequestedAt),
  },
];

/** The people who asked for the free ebook, whether they agreed to be contacted and when, and their downloads. */
export function EbookLeadsPage({ search }: { search: unknown }) {
  const params = leadListParams(leadSearchFrom(search));
  const leads = useEbookLeads(params);
  const navigate = useNavigate();

  const show = (change: Partial<LeadListParams>) => void navigate({ to: '/admin/ebook-leads', search: leadSearchFor({ ...params, page: 1, ...change }) });
  const filtered = Boolean(params.q || params.consent);
  const data = leads.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / LEAD_PAGE_SIZE)) : 1;

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title="Ebook Leads">
        Everyone who asked for the Microbiome and Health ebook, one row per e-mail address. Write only to those who agreed to be contacted: the
        consent is as they last gave it, with its time (in India).
      </PageTitle>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <SearchBox id="lead-search" label="Search the leads" placeholder="Name or e-mail" value={params.q} onSearch={(q) => show({ q })} />
        <FilterSelect<ConsentView | typeof ANY>
          id="lead-consent"
          label="Consent to contact"
          value={params.consent ?? ANY}
          values={[ANY, ...CONSENT_VIEWS]}
          labels={{ any: 'Everyone', ...CONSENT_LABEL }}
          onChange={(consent) => show({ consent: consent === ANY ? undefined : consent })}
        />
        <FilterSelect id="lead-sort" label="Sort by" value={params.sort} values={LEAD_SORTS} labels={LEAD_SORT_LABEL} onChange={(sort) => show({ sort })} />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, consent: undefined })}>
            Clear filters
          </Button>
        ) : null}
        {/* Seen as the dimmed rows; said by a screen reader. */}
        <Text role="status" srOnly>
          {leads.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <StaffListBody
        query={leads}
        what="the leads"
        latestWhat="the latest list"
        testId="leads-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => show({ page: lastPage })}
        nothingOnPage="There is nobody"
        filtered={filtered}
        noMatch="No lead matches these filters."
        noneYet="Nobody has asked for the ebook yet."
      >
        {(data) => (
          <>
            <Flex justify="flex-end" mb="2">
              <ExportButton request={{ kind: 'ebook-leads', filter: leadFilter(params) }} what="leads" />
            </Flex>
            <StaffTable
              columns={COLUMNS}
              rows={data.items}
              rowId={(lead) => lead._id}
              caption={`Ebook leads, ${LEAD_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as EbookLeadSort })}
              updating={leads.isPlaceholderData}
              testId="ebook-leads"
            />
            <Pager
              label="Pages of ebook leads"
              page={params.page}
              pageSize={LEAD_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => void navigate({ to: '/admin/ebook-leads', search: leadSearchFor({ ...params, page }) })}
            />
          </>
        )}
      </StaffListBody>
    </Box>
  );
}
