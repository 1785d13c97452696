/**
 * A post's or recipe's edit page (/blog/edit?id=…, /recipe/create?id=…): its fields, saved as the author pauses,
 * its review and its revisions. Editable by its author while it is a draft or has changes requested; read-only
 * otherwise, with the reason. The server decides who may open it (404 for anyone else) and which steps are offered.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { authorLine } from '@/lib/content';
import { useAuthoringItem, useKeepItem, type AuthoringItem, type ContentKind } from '../api/authoring';
import { draftValuesOf, type DraftProblems, type DraftValues } from '../draft';
import { EDIT_ROUTE, KIND_LABEL, PREVIEW_ROUTE } from '../paths';
import { canEdit, readOnlyReason } from '../review-words';
import { useAutosave } from '../use-autosave';
import { DraftForm } from './DraftForm';
import { LeaveGuard } from './LeaveGuard';
import { ReviewPanel } from './ReviewPanel';
import { RevisionsPanel } from './RevisionsPanel';
import { SaveStatusLine } from './SaveStatusLine';

const EDIT_TITLE: Record<ContentKind, string> = { post: 'Edit a blog post', recipe: 'Edit a recipe' };

export function AuthoringFrame({ children }: { children: ReactNode }) {
  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <Box asChild display="inline-block" mb="4" color="brand.700" textDecoration="underline" fontSize="sm">
        <Link to="/admin-home">Back to the staff home</Link>
      </Box>
      {children}
    </Box>
  );
}

/** The page for an address without a piece, or a piece the person may not open. */
export function PieceNotFound({ title }: { title: string }) {
  return (
    <PageTitle title={title}>
      We could not find this piece. It may have been deleted, or it is someone else’s: only its author and the admins can open a piece.
    </PageTitle>
  );
}

interface WithPieceProps {
  kind: ContentKind;
  id: string;
  /** The page's title while the piece loads or cannot be found. */
  title: string;
  /** Where this page is for each kind: a piece of the other kind is opened at its own address. */
  routes: typeof EDIT_ROUTE | typeof PREVIEW_ROUTE;
  children: (item: AuthoringItem) => ReactNode;
}

/** The piece `id` loaded, then handed to `children`. */
export function WithPiece({ kind, id, title, routes, children }: WithPieceProps) {
  const query = useAuthoringItem(id);
  if (query.isPending) return <PageSpinner label="Loading the piece…" />;
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <PieceNotFound title={title} />
    ) : (
      <>
        <PageTitle title={title} />
        <DataLoadFailure what="the piece" error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (query.data.kind !== kind) return <Navigate to={routes[query.data.kind]} search={{ id }} replace />;
  return children(query.data);
}

export function EditPiecePage({ kind, id }: { kind: ContentKind; id: string | undefined }) {
  const title = EDIT_TITLE[kind];
  return (
    <AuthoringFrame>
      {id ? (
        <WithPiece kind={kind} id={id} title={title} routes={EDIT_ROUTE}>
          {(item) => <Workspace key={item._id} item={item} />}
        </WithPiece>
      ) : (
        <PieceNotFound title={title} />
      )}
    </AuthoringFrame>
  );
}

function Workspace({ item }: { item: AuthoringItem }) {
  const navigate = useNavigate();
  const query = useAuthoringItem(item._id);
  const keepItem = useKeepItem();
  const [values, setValues] = useState<DraftValues>(() => draftValuesOf(item));
  const [problems, setProblems] = useState<DraftProblems>({});
  const editable = canEdit(item);
  const autosave = useAutosave({
    itemId: item._id,
    values,
    enabled: editable,
    onSaved: keepItem,
    onServerHtml: (bodyHtml) => setValues((current) => ({ ...current, bodyHtml })),
    onProblems: setProblems,
    onNotEditable: () => void query.refetch(),
  });

  const replaceWith = (restored: AuthoringItem) => {
    const next = draftValuesOf(restored);
    setValues(next);
    setProblems({});
    autosave.reset(next);
  };

  const preview = async () => {
    if (autosave.dirty) await autosave.flush();
    await navigate({ to: PREVIEW_ROUTE[item.kind], search: { id: item._id } });
  };

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageTitle title={EDIT_TITLE[item.kind]}>
          {KIND_LABEL[item.kind]} by {authorLine(item.author)}
        </PageTitle>
        <Flex gap="2" wrap="wrap" align="center">
          {editable ? <SaveStatusLine status={autosave.status} onRetry={() => void autosave.flush()} /> : null}
          <Button variant="outline" onClick={() => void preview()}>
            Preview
          </Button>
        </Flex>
      </Flex>

      {editable ? null : (
        <Box role="note" bg="blue.50" borderWidth="1px" borderColor="blue.200" rounded="md" p="3" mb="6" data-testid="read-only-note">
          <Text color="gray.900">
            <Text as="span" fontWeight="semibold">
              Read-only.
            </Text>{' '}
            {readOnlyReason(item)}
          </Text>
        </Box>
      )}

      <Box
        display="grid"
        gap="6"
        gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        gridTemplateAreas={{ base: '"review" "form" "revisions"', lg: '"form review" "form revisions"' }}
        gridTemplateRows={{ lg: 'auto 1fr' }}
        alignItems="start"
      >
        <Box gridArea="review">
          <ReviewPanel item={item} saveFirst={autosave.flush} onProblems={setProblems} onStale={() => void query.refetch()} />
        </Box>
        <Box as="section" aria-label={KIND_LABEL[item.kind]} gridArea="form" minW="0">
          <DraftForm kind={item.kind} values={values} onChange={setValues} problems={problems} readOnly={!editable} />
        </Box>
        <Box gridArea="revisions">
          <RevisionsPanel itemId={item._id} canRestore={editable} unsaved={autosave.dirty} saveFirst={autosave.flush} onRestored={replaceWith} />
        </Box>
      </Box>
      <LeaveGuard unsaved={autosave.dirty} saveFirst={autosave.flush} />
    </>
  );
}
