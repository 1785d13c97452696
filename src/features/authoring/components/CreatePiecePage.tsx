/** /blogs/create and /recipe/create: a title starts the draft, which then opens on its edit page. */
import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { FormAlert } from '@/components/ui/fields';
import { refuseField, useShopForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { useCreateItem, type ContentKind } from '../api/authoring';
import { LIMITS } from '../draft';
import { EDIT_ROUTE } from '../paths';
import { AuthoringFrame } from './EditPiecePage';

const WORDS: Record<ContentKind, { title: string; lead: string; example: string }> = {
  post: {
    title: 'Write a blog post',
    lead: 'Give it a title to start: the draft is saved at once and opens for writing. Only you see it until an admin has reviewed and published it.',
    example: 'e.g. Five fermented foods from Indian kitchens',
  },
  recipe: {
    title: 'Write a recipe',
    lead: 'Give it a title to start: the draft is saved at once and opens for the ingredients, method and nutrition. Only you see it until an admin has reviewed and published it.',
    example: 'e.g. Ragi dosa with coconut chutney',
  },
};

export function CreatePiecePage({ kind }: { kind: ContentKind }) {
  const words = WORDS[kind];
  const create = useCreateItem();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: { title: '' },
    onSubmit: async ({ value, formApi }) => {
      setFormError(null);
      try {
        const item = await create.mutateAsync({ kind, title: value.title.trim() });
        await navigate({ to: EDIT_ROUTE[kind], search: { id: item._id } });
      } catch (error) {
        const atTitle = error instanceof ApiError ? error.fields?.title : undefined;
        if (atTitle) refuseField(formApi, 'title', atTitle);
        else setFormError(error instanceof ApiError ? error.message : 'The draft could not be started. Please try again.');
      }
    },
  });
  return (
    <AuthoringFrame>
      <PageTitle title={words.title}>{words.lead}</PageTitle>
      <Box maxW="2xl">
        <form.AppForm>
          <form.Form label={words.title}>
            <Stack gap="5">
              {formError ? <FormAlert>{formError}</FormAlert> : null}
              <form.AppField name="title" validators={{ onSubmit: ({ value }) => (value.trim() === '' ? 'Enter a title.' : undefined) }}>
                {(field) => <field.TextField label="Title" maxLength={LIMITS.title} autoComplete="off" helper={words.example} />}
              </form.AppField>
              <Box>
                <form.SubmitButton colorPalette="brand" size="lg" loadingText="Starting the draft…">
                  Start writing
                </form.SubmitButton>
              </Box>
              <Text fontSize="sm" color="gray.700">
                The address, summary, cover and tags can be set on the next page; they can change until it is submitted.
              </Text>
            </Stack>
          </form.Form>
        </form.AppForm>
      </Box>
    </AuthoringFrame>
  );
}
