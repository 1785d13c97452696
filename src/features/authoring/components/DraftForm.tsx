/** The piece's fields: title, address, summary, cover, tags and text, and a recipe's parts. */
import { Box } from '@chakra-ui/react/box';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useId } from 'react';
import { RichText } from '@/components/layout/RichText';
import { TextField } from '@/components/ui/fields';
import type { ContentKind } from '../api/authoring';
import { LIMITS, type DraftProblems, type DraftValues } from '../draft';
import { publicPathOf } from '../paths';
import { CoverField } from './CoverField';
import { LongText } from './FieldParts';
import { RecipeFields } from './RecipeFields';
import { TagsField } from './TagsField';

/** Tiptap arrives when the text is first to be edited: the page's other fields are usable at once. */
const RichTextEditor = lazy(() => import('../editor/RichTextEditor'));

interface DraftFormProps {
  kind: ContentKind;
  values: DraftValues;
  onChange: (update: (values: DraftValues) => DraftValues) => void;
  problems: DraftProblems;
  readOnly: boolean;
}

function TextArea({
  kind,
  html,
  onChange,
  problem,
  readOnly,
}: {
  kind: ContentKind;
  html: string;
  onChange: (html: string) => void;
  problem: string | undefined;
  readOnly: boolean;
}) {
  const labelId = useId();
  const helperId = useId();
  const label = kind === 'post' ? 'Text' : 'Introduction';
  const helper =
    kind === 'post'
      ? 'Start with a short opening paragraph; use headings to break up a long post.'
      : 'A few sentences before the ingredients: where the dish comes from, when to eat it.';
  return (
    <Box>
      <Text id={labelId} fontWeight="medium" mb="1.5">
        {label}
      </Text>
      {readOnly ? (
        <Box role="region" aria-labelledby={labelId} borderWidth="1px" borderColor="gray.200" rounded="md" p="4" bg="gray.50">
          {html ? <RichText html={html} /> : <Text color="gray.700">No text yet.</Text>}
        </Box>
      ) : (
        <Suspense
          fallback={
            <Box role="status" display="flex" alignItems="center" gap="2" borderWidth="1px" borderColor="gray.200" rounded="md" p="4" minH="20rem">
              <Spinner size="sm" color="brand.600" />
              <Text color="gray.700">Loading the editor…</Text>
            </Box>
          }
        >
          <RichTextEditor labelledBy={labelId} describedBy={helperId} value={html} onChange={onChange} invalid={Boolean(problem)} />
        </Suspense>
      )}
      <Text id={helperId} fontSize="sm" color={problem ? 'red.700' : 'gray.700'} mt="1.5">
        {problem ?? (readOnly ? null : helper)}
      </Text>
    </Box>
  );
}

export function DraftForm({ kind, values, onChange, problems, readOnly }: DraftFormProps) {
  const set = <Key extends keyof DraftValues>(key: Key, value: DraftValues[Key]) => onChange((current) => ({ ...current, [key]: value }));
  const address = values.slug.trim() ? publicPathOf(kind, values.slug.trim()) : null;
  return (
    <Stack gap="6">
      <TextField
        label="Title"
        maxLength={LIMITS.title}
        autoComplete="off"
        readOnly={readOnly}
        value={values.title}
        onValueChange={(value) => set('title', value)}
        error={problems.title}
      />
      <TextField
        label="Address (slug)"
        maxLength={LIMITS.slug}
        autoComplete="off"
        spellCheck={false}
        readOnly={readOnly}
        value={values.slug}
        onValueChange={(value) => set('slug', value)}
        error={problems.slug}
        helper={address ? `Once published it is read at ${address}` : 'Lower-case words joined by dashes, e.g. ragi-dosa.'}
      />
      <LongText
        label="Summary"
        helper="One or two sentences for the lists and search results."
        value={values.summary}
        onChange={(value) => set('summary', value)}
        maxLength={LIMITS.summary}
        rows={3}
        readOnly={readOnly}
        error={problems.summary}
      />
      <CoverField cover={values.cover} onChange={(cover) => set('cover', cover)} readOnly={readOnly} error={problems.cover} />
      <TagsField tags={values.tags} onChange={(tags) => set('tags', tags)} readOnly={readOnly} error={problems.tags} />
      <TextArea kind={kind} html={values.bodyHtml} onChange={(html) => set('bodyHtml', html)} problem={problems.bodyHtml} readOnly={readOnly} />
      {values.recipe ? (
        <RecipeFields
          recipe={values.recipe}
          onChange={(update) => onChange((current) => (current.recipe ? { ...current, recipe: update(current.recipe) } : current))}
          problems={problems}
          readOnly={readOnly}
        />
      ) : null}
    </Stack>
  );
}
