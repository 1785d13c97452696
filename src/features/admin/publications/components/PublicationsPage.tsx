import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { FilterSelect, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { FormAlert } from '@/components/ui/fields';
import { PUBLICATION_TOPIC_LABEL, PUBLICATION_TOPICS, type PublicationTopic } from '@/lib/publication-topics';
import { useAdminPublications, useDeletePublication, useSavePublication, type AdminPublication } from '../api/publications';
import {
  PUBLICATION_PAGE_SIZE,
  PUBLICATION_SORTS,
  PUBLICATION_STATES,
  publicationListParams,
  publicationsSearchFor,
  publicationsSearchFrom,
  type AdminPublicationSort,
  type PublicationListParams,
  type PublicationState,
} from '../params';
import { PUBLICATION_SORT_LABEL, PUBLICATION_STATE_LABEL } from './labels';

/** The dialogs arrive when first opened, keeping the list's own chunk small. */
const PublicationDialog = lazy(() => import('./PublicationDialog'));
const DeleteDialog = lazy(() => import('./DeletePublicationDialog'));

const ANY = 'any';

/** The dialog open on the page: a new entry, or the one being changed. */
type Editing = { publication: AdminPublication | null };

interface RowActions {
  edit: (publication: AdminPublication) => void;
  toggle: (publication: AdminPublication) => void;
  remove: (publication: AdminPublication) => void;
  /** The entry being hidden or shown, whose button waits. */
  toggling: string | null;
}

function columns({ edit, toggle, remove, toggling }: RowActions): StaffColumn<AdminPublication>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      sort: 'title',
      rowHeader: true,
      cell: (publication) => (
        <Stack gap="0">
          <Text as="span" fontWeight="semibold">
            {publication.title}
          </Text>
          <Text as="span" fontSize="sm" color="gray.700">
            {publication.authors}
          </Text>
        </Stack>
      ),
    },
    { id: 'journal', header: 'Journal', sort: 'journal', cell: (publication) => publication.journal },
    { id: 'year', header: 'Year', sort: 'year', nowrap: true, cell: (publication) => publication.year },
    { id: 'topic', header: 'Topic', cell: (publication) => PUBLICATION_TOPIC_LABEL[publication.topic] },
    {
      id: 'doi',
      header: 'DOI',
      cell: (publication) => (
        <Text as="span" fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {publication.doi}
        </Text>
      ),
    },
    {
      id: 'state',
      header: 'On the page',
      cell: (publication) => (
        <Badge colorPalette={publication.visible ? 'green' : 'gray'}>{PUBLICATION_STATE_LABEL[publication.visible ? 'shown' : 'hidden']}</Badge>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (publication) => (
        <Flex gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => edit(publication)}>
            Edit<Box as="span" srOnly> {publication.title}</Box>
          </Button>
          <Button size="xs" variant="outline" loading={toggling === publication._id} onClick={() => toggle(publication)}>
            {publication.visible ? 'Hide' : 'Show'}
            <Box as="span" srOnly> {publication.title}</Box>
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => remove(publication)}>
            Delete<Box as="span" srOnly> {publication.title}</Box>
          </Button>
        </Flex>
      ),
    },
  ];
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

/** The entries of the publications page, hidden ones too, searched, filtered, sorted and paged by the server; added and changed in a dialog. */
export function PublicationsPage({ search }: { search: unknown }) {
  const params = publicationListParams(publicationsSearchFrom(search));
  const publications = useAdminPublications(params);
  const navigate = useNavigate();
  const go = (next: PublicationListParams) => void navigate({ to: '/admin/publications', search: publicationsSearchFor(next) });
  // Another search, filter or order starts again at the first page.
  const show = (change: Partial<PublicationListParams>) => go({ ...params, page: 1, ...change });
  const data = publications.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PUBLICATION_PAGE_SIZE)) : 1;
  const filtered = Boolean(params.q || params.topic || params.state);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminPublication | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const visibility = useSavePublication();
  const deletion = useDeletePublication();

  const toggle = (publication: AdminPublication) => {
    setNotice(null);
    visibility.mutate(
      { id: publication._id, body: { visible: !publication.visible } },
      {
        onSuccess: (saved) =>
          setNotice({
            tone: 'success',
            text: saved.visible ? `“${saved.title}” is shown on the publications page.` : `“${saved.title}” is hidden from the publications page.`,
          }),
        onError: (error) => setNotice({ tone: 'error', text: messageOf(error, 'That did not work. Please try again.') }),
      },
    );
  };

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title="Publications">
        The papers listed on the public publications page. Hide one to take it off the page for a while; delete it to remove it for good.
      </PageTitle>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <SearchBox id="publication-search" label="Search publications" placeholder="Words of the title, authors, journal or DOI" value={params.q} onSearch={(q) => show({ q })} />
        <FilterSelect<PublicationTopic | typeof ANY>
          id="publication-topic"
          label="Topic"
          value={params.topic ?? ANY}
          values={[ANY, ...PUBLICATION_TOPICS]}
          labels={{ any: 'Any topic', ...PUBLICATION_TOPIC_LABEL }}
          onChange={(topic) => show({ topic: topic === ANY ? undefined : topic })}
        />
        <FilterSelect<PublicationState | typeof ANY>
          id="publication-state"
          label="On the page"
          value={params.state ?? ANY}
          values={[ANY, ...PUBLICATION_STATES]}
          labels={{ any: 'Shown or hidden', ...PUBLICATION_STATE_LABEL }}
          onChange={(state) => show({ state: state === ANY ? undefined : state })}
        />
        <FilterSelect id="publication-sort" label="Sort by" value={params.sort} values={PUBLICATION_SORTS} labels={PUBLICATION_SORT_LABEL} onChange={(sort) => show({ sort })} />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, topic: undefined, state: undefined })}>
            Clear filters
          </Button>
        ) : null}
        <Box flex="1" />
        <Button
          colorPalette="brand"
          onClick={() => {
            setNotice(null);
            setEditing({ publication: null });
          }}
        >
          New publication
        </Button>
        <Text role="status" srOnly>
          {publications.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      {notice ? (
        <Box mb="4">
          <FormAlert tone={notice.tone}>{notice.text}</FormAlert>
        </Box>
      ) : null}
      <StaffListBody
        query={publications}
        what="the publications"
        latestWhat="the latest publications"
        testId="publications-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => go({ ...params, page: lastPage })}
        nothingOnPage="There are no publications"
        filtered={filtered}
        noMatch="No publication matches these filters."
        noneYet="No publications yet. Add the first with “New publication”."
      >
        {(data) => (
          <>
            <StaffTable
              columns={columns({
                edit: (publication) => {
                  setNotice(null);
                  setEditing({ publication });
                },
                toggle,
                remove: (publication) => {
                  setNotice(null);
                  deletion.reset();
                  setDeleting(publication);
                },
                toggling: visibility.isPending ? (visibility.variables?.id ?? null) : null,
              })}
              rows={data.items}
              rowId={(publication) => publication._id}
              caption={`Publications, ${PUBLICATION_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as AdminPublicationSort })}
              updating={publications.isPlaceholderData}
              testId="publications"
            />
            <Pager
              label="Pages of publications"
              page={params.page}
              pageSize={PUBLICATION_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => go({ ...params, page })}
            />
          </>
        )}
      </StaffListBody>
      {editing ? (
        <Suspense fallback={null}>
          <PublicationDialog
            key={editing.publication?._id ?? 'new'}
            publication={editing.publication}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setNotice({ tone: 'success', text: editing.publication ? `“${saved.title}” is saved.` : `“${saved.title}” is added.` });
              setEditing(null);
            }}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteDialog
            publication={deleting}
            busy={deletion.isPending}
            error={deletion.isError ? messageOf(deletion.error, 'That did not work. Please try again.') : null}
            onClose={() => setDeleting(null)}
            onConfirm={() =>
              deletion.mutate(deleting._id, {
                onSuccess: () => {
                  setNotice({ tone: 'success', text: `“${deleting.title}” is deleted.` });
                  setDeleting(null);
                },
              })
            }
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
