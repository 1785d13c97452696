/**
 * /publications: the papers the science behind the kits draws on, as the staff list them. The page is prerendered
 * with its heading, introduction and filters, the list loading; the list is fetched in the browser, for the topic,
 * year and words in the address.
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { doiUrl } from '../../../../machines/doi';
import { ContentPage } from '@/components/layout/Prose';
import { ChevronDownIcon } from '@/components/layout/icons';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { PUBLICATION_TOPIC_LABEL, PUBLICATION_TOPICS, type PublicationTopic } from '@/lib/publication-topics';
import { usePublications, useRetryPublications, type Publication, type PublicationList } from '../api/publications';
import type { PublicationsSearch } from '../search';

const ALL = '';

/** A filter as a labelled native select, applied as soon as it is changed. */
function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '14rem' }}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Box position="relative" w="full">
        <Input asChild pe="10">
          <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
            {children}
          </select>
        </Input>
        <Box position="absolute" insetEnd="3" top="50%" transform="translateY(-50%)" pointerEvents="none" color="gray.600">
          <ChevronDownIcon size={16} />
        </Box>
      </Box>
    </Field.Root>
  );
}

const plural = (count: number) => (count === 1 ? '1 paper' : `${count} papers`);

interface FiltersProps {
  search: PublicationsSearch;
  /** The topics and years of every published entry; undefined until the list has arrived. */
  list: PublicationList | undefined;
  onChange: (change: PublicationsSearch) => void;
}

/** The search box (searches when submitted) and the topic and year filters (applied at once). */
function Filters({ search, list, onChange }: FiltersProps) {
  const [draft, setDraft] = useState(search.q ?? '');
  // Another address (back, a link, clearing the filters) brings its own words into the box.
  const [shownQ, setShownQ] = useState(search.q);
  if (shownQ !== search.q) {
    setShownQ(search.q);
    setDraft(search.q ?? '');
  }
  const countOf = (topic: PublicationTopic) => list?.topics.find((entry) => entry.topic === topic)?.count;
  const total = list?.topics.reduce((sum, entry) => sum + entry.count, 0);
  // The year in the address stays a choice even when no published entry has it.
  const years = [...new Set([...(list?.years ?? []), ...(search.year ? [search.year] : [])])].sort((a, b) => b - a);
  return (
    <Box bg="gray.50" rounded="lg" p={{ base: '4', md: '5' }} mb="6">
      <Box
        as="form"
        role="search"
        aria-label="Search the publications"
        mb="4"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ q: draft.trim() || undefined });
        }}
      >
        <Field.Root>
          <Field.Label htmlFor="publication-search">Search by title, author or journal</Field.Label>
          <Flex gap="2" w="full">
            <Input
              id="publication-search"
              type="search"
              bg="white"
              value={draft}
              maxLength={100}
              placeholder="e.g. fibre, Cell, Raes"
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit" colorPalette="brand">
              Search
            </Button>
          </Flex>
        </Field.Root>
      </Box>
      <Flex gap="4" wrap="wrap" align="flex-end">
        <FilterSelect
          id="publication-topic"
          label="Topic"
          value={search.topic ?? ALL}
          onChange={(topic) => onChange({ topic: PUBLICATION_TOPICS.find((known) => known === topic) })}
        >
          <option value={ALL}>{total === undefined ? 'All topics' : `All topics (${total})`}</option>
          {PUBLICATION_TOPICS.map((topic) => {
            const count = countOf(topic);
            return (
              <option key={topic} value={topic}>
                {count === undefined ? PUBLICATION_TOPIC_LABEL[topic] : `${PUBLICATION_TOPIC_LABEL[topic]} (${count})`}
              </option>
            );
          })}
        </FilterSelect>
        <FilterSelect
          id="publication-year"
          label="Year"
          value={search.year ? String(search.year) : ALL}
          onChange={(year) => onChange({ year: year === ALL ? undefined : Number(year) })}
        >
          <option value={ALL}>All years</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </FilterSelect>
      </Flex>
    </Box>
  );
}

function PublicationEntry({ publication }: { publication: Publication }) {
  return (
    <Box as="li" borderTopWidth="1px" borderColor="gray.200" py="5" data-testid="publication">
      <Badge colorPalette="brand" variant="subtle">
        {PUBLICATION_TOPIC_LABEL[publication.topic]}
      </Badge>
      <Heading as="h2" size="lg" mt="2" lineHeight="short">
        <Link href={doiUrl(publication.doi)} target="_blank" rel="noopener noreferrer" color="brand.800" textDecoration="underline">
          {publication.title}
          <Box as="span" srOnly>
            {' '}
            (opens in a new tab)
          </Box>
        </Link>
      </Heading>
      <Text mt="1" color="gray.800">
        {publication.authors}
      </Text>
      <Text color="gray.700">
        <Box as="cite" fontStyle="italic">
          {publication.journal}
        </Box>
        , {publication.year}
      </Text>
      <Text mt="2" color="gray.800">
        {publication.summary}
      </Text>
      <Text mt="2" fontSize="sm" color="gray.700" wordBreak="break-all">
        DOI: {publication.doi}
      </Text>
    </Box>
  );
}

export function PublicationsPage({ search }: { search: PublicationsSearch }) {
  const navigate = useNavigate();
  const query = usePublications(search);
  const retry = useRetryPublications(search);
  // While another filter's list is on its way, the last one stays on screen, marked as updating.
  const [lastList, setLastList] = useState<PublicationList | undefined>(undefined);
  if (query.data && query.data !== lastList) setLastList(query.data);
  const list = query.data ?? (query.isPending ? lastList : undefined);
  const updating = query.isPending && list !== undefined;
  const filtered = Boolean(search.topic || search.year || search.q);
  const show = (change: PublicationsSearch) => void navigate({ to: '/publications', search: { ...search, ...change }, resetScroll: false });
  const clear = () => void navigate({ to: '/publications', search: {}, resetScroll: false });
  const total = list?.topics.reduce((sum, entry) => sum + entry.count, 0) ?? 0;

  return (
    <ContentPage
      title="Publications"
      description="Peer-reviewed papers on the gut microbiome, diet, the gut–brain axis, IBS, sequencing and the sleep and anxiety questionnaires our kits draw on."
      path="/publications"
      lead="Peer-reviewed research that the science behind our kits draws on: the gut microbiome, diet, the gut–brain axis, IBS, sequencing methods and the questionnaires Gut SEnS uses."
    >
      <Filters search={search} list={query.data ?? lastList} onChange={show} />
      <Text role="status" aria-live="polite" color="gray.700" mb="2" data-testid="publications-status">
        {query.isError
          ? ''
          : !list
            ? 'Loading the publications…'
            : updating
              ? 'Updating the list…'
              : filtered
                ? `Showing ${plural(list.items.length)} of ${total}.`
                : `${plural(list.items.length)}, newest first.`}
      </Text>
      {query.isError ? (
        <DataLoadFailure what="the publications" error={query.error} onRetry={retry} />
      ) : !list ? (
        <Flex justify="center" py="12" aria-hidden="true">
          <Spinner size="lg" color="brand.600" />
        </Flex>
      ) : list.items.length === 0 ? (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6" data-testid="publications-empty">
          {filtered ? (
            <>
              <Text mb="4">No paper matches these filters. Try other words, another topic or year, or see them all.</Text>
              <Button variant="outline" onClick={clear}>
                Show all publications
              </Button>
            </>
          ) : (
            <Text>No publications are listed yet. Please come back soon.</Text>
          )}
        </Box>
      ) : (
        <Box as="ol" listStyleType="none" aria-label="Publications" aria-busy={updating} opacity={updating ? 0.6 : 1}>
          {list.items.map((publication) => (
            <PublicationEntry key={publication._id} publication={publication} />
          ))}
        </Box>
      )}
      {filtered && list && list.items.length > 0 ? (
        <Button variant="ghost" size="sm" mt="2" onClick={clear}>
          Clear the filters
        </Button>
      ) : null}
      <Text mt="10" color="gray.700" fontSize="sm">
        Each title opens the paper through its DOI. These papers are the work of their authors and their institutions; listing
        them here does not mean they endorse our kits. To see how we use this research, read{' '}
        <Link asChild color="brand.800" textDecoration="underline">
          <RouterLink to="/science/our-science">Our science</RouterLink>
        </Link>
        .
      </Text>
    </ContentPage>
  );
}
