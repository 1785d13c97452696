/**
 * The dialog that adds an entry to the publications page or changes one. The form checks what it can before
 * sending; the server is the authority, and what it refuses is shown at the field it names.
 */
import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { useState } from 'react';
import * as v from 'valibot';
import { bareDoi } from '../../../../../machines/doi';
import { FormAlert } from '@/components/ui/fields';
import { firstError, refuseField, useShopForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api-client';
import { isPublicationTopic, PUBLICATION_TOPIC_LABEL, PUBLICATION_TOPICS, type PublicationTopic } from '@/lib/publication-topics';
import { useSavePublication, type AdminPublication, type AdminPublicationInput } from '../api/publications';

/** A paper accepted now may carry next year. */
const LATEST_YEAR = new Date().getFullYear() + 1;

const textRule = (what: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(`Enter the ${what}.`), v.maxLength(max, `Keep the ${what} to ${max} characters.`));

const RULES = {
  title: textRule('title', 300),
  authors: textRule('authors', 500),
  journal: textRule('journal', 200),
  summary: v.pipe(textRule('summary', 300), v.check((value) => !/[\r\n]/.test(value), 'Keep the summary to one line.')),
  year: v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => /^\d{4}$/.test(value) && Number(value) >= 1900 && Number(value) <= LATEST_YEAR, `Enter a year from 1900 to ${LATEST_YEAR}.`),
  ),
  doi: v.pipe(
    v.string(),
    v.check((value) => bareDoi(value) !== undefined, 'Enter the DOI, e.g. 10.1038/nature08821, or its https://doi.org/ link.'),
  ),
  topic: v.pipe(v.string(), v.check((value) => isPublicationTopic(value), 'Choose the topic it is listed under.')),
};

interface PublicationValues {
  title: string;
  authors: string;
  journal: string;
  year: string;
  doi: string;
  topic: string;
  summary: string;
  visible: boolean;
}

function valuesOf(publication: AdminPublication | null): PublicationValues {
  if (!publication) return { title: '', authors: '', journal: '', year: '', doi: '', topic: '', summary: '', visible: true };
  const { title, authors, journal, year, doi, topic, summary, visible } = publication;
  return { title, authors, journal, year: String(year), doi, topic, summary, visible };
}

function bodyOf(values: PublicationValues, topic: PublicationTopic): AdminPublicationInput {
  return {
    title: values.title.trim(),
    authors: values.authors.trim(),
    journal: values.journal.trim(),
    year: Number(values.year.trim()),
    doi: values.doi.trim(),
    topic,
    summary: values.summary.trim(),
    visible: values.visible,
  };
}

/** The server's field names are the form's, each with the label it is shown under. */
const FIELD_LABEL = {
  title: 'Title',
  authors: 'Authors',
  journal: 'Journal',
  year: 'Year',
  doi: 'DOI',
  topic: 'Topic',
  summary: 'Summary',
} as const;

const isFormField = (name: string): name is keyof typeof FIELD_LABEL => Object.hasOwn(FIELD_LABEL, name);

/** "must be at most 2027" at the year reads "Year must be at most 2027." */
function fieldSentence(label: string, message: string): string {
  const text = `${label} ${message}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

interface PublicationDialogProps {
  /** The entry to change; null for a new one. */
  publication: AdminPublication | null;
  onSaved: (publication: AdminPublication) => void;
  onClose: () => void;
}

export default function PublicationDialog({ publication, onSaved, onClose }: PublicationDialogProps) {
  const save = useSavePublication();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: valuesOf(publication),
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      // The topic's rule has passed, so it is one of the topics.
      const topic = PUBLICATION_TOPICS.find((known) => known === value.topic);
      if (!topic) return;
      const body = bodyOf(value, topic);
      try {
        onSaved(await save.mutateAsync(publication ? { id: publication._id, body } : { id: null, body }));
      } catch (error) {
        const refused = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
        let shown = false;
        for (const [name, message] of refused) {
          if (isFormField(name)) {
            refuseField(formApi, name, fieldSentence(FIELD_LABEL[name], message));
            shown = true;
          }
        }
        if (error instanceof ApiError) setFailure(shown ? 'Please correct the fields marked below.' : error.message);
        else setFailure('The publication could not be saved. Please try again.');
      }
    },
  });
  const title = publication ? 'Change publication' : 'New publication';

  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open
      onOpenChange={(e) => (e.open || save.isPending ? undefined : onClose())}
      closeOnInteractOutside={false}
      placement="center"
      scrollBehavior="outside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="publication-dialog">
            <form.AppForm>
              <form.Form label={title}>
                <Dialog.Header pe="12">
                  <Dialog.Title fontSize="xl">{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    {failure ? <FormAlert>{failure}</FormAlert> : null}
                    <form.AppField name="title" validators={{ onSubmit: RULES.title }}>
                      {(field) => <field.TextField label="Title" autoComplete="off" maxLength={300} helper="As the paper has it." />}
                    </form.AppField>
                    <form.AppField name="authors" validators={{ onSubmit: RULES.authors }}>
                      {(field) => (
                        <field.TextField label="Authors" autoComplete="off" maxLength={500} helper="As the paper lists them, e.g. Qin J, Li R, Raes J, et al." />
                      )}
                    </form.AppField>
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                      <form.AppField name="journal" validators={{ onSubmit: RULES.journal }}>
                        {(field) => <field.TextField label="Journal" autoComplete="off" maxLength={200} />}
                      </form.AppField>
                      <form.AppField name="year" validators={{ onSubmit: RULES.year }}>
                        {(field) => <field.TextField label="Year" inputMode="numeric" autoComplete="off" maxLength={4} />}
                      </form.AppField>
                      <form.AppField name="doi" validators={{ onSubmit: RULES.doi }}>
                        {(field) => (
                          <field.TextField label="DOI" autoComplete="off" maxLength={300} helper="10.1038/nature08821, or its https://doi.org/ link." />
                        )}
                      </form.AppField>
                      <form.Field name="topic" validators={{ onSubmit: RULES.topic }}>
                        {(field) => (
                          <SelectField
                            id="publication-topic-choice"
                            label="Topic"
                            value={field.state.value}
                            placeholder="Choose a topic…"
                            options={PUBLICATION_TOPICS.map((topic) => ({ value: topic, label: PUBLICATION_TOPIC_LABEL[topic] }))}
                            onChange={field.handleChange}
                            onBlur={field.handleBlur}
                            error={firstError(field.state.meta.errors)}
                          />
                        )}
                      </form.Field>
                    </SimpleGrid>
                    <form.AppField name="summary" validators={{ onSubmit: RULES.summary }}>
                      {(field) => (
                        <field.TextField
                          label="Summary"
                          autoComplete="off"
                          maxLength={300}
                          helper="One line in plain words: what the paper is known for. No figures you are not sure of."
                        />
                      )}
                    </form.AppField>
                    <form.Field name="visible">
                      {(field) => (
                        <Box as="label" display="flex" alignItems="center" gap="2" cursor="pointer">
                          <input
                            type="checkbox"
                            name="visible"
                            checked={field.state.value}
                            onChange={(event) => field.handleChange(event.target.checked)}
                            style={{ width: '1.1rem', height: '1.1rem' }}
                          />
                          <Text as="span">Show it on the publications page</Text>
                        </Box>
                      )}
                    </form.Field>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                    Cancel
                  </Button>
                  <form.SubmitButton colorPalette="brand" loadingText="Saving…">
                    {publication ? 'Save changes' : 'Add the publication'}
                  </form.SubmitButton>
                </Dialog.Footer>
              </form.Form>
            </form.AppForm>
            <Dialog.CloseTrigger asChild disabled={save.isPending}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
