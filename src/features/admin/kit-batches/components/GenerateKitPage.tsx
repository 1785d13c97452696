import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { formatCount, Pager } from '@/components/staff/ListControls';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { FormAlert } from '@/components/ui/fields';
import { firstError, useShopForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api-client';
import { productsQueryOptions } from '@/lib/catalogue';
import { formatShopDateTime } from '@/lib/dates';
import { useCreateKitBatch } from '../api/create-kit-batch';
import { downloadKitBatch, type KitBatchFile } from '../api/download-kit-batch';
import { useKitBatches, type KitBatch } from '../api/list-kit-batches';
import { KIT_BATCH_MAX_SIZE, KIT_BATCH_PAGE_SIZE } from '../params';

const SIZE_RULE = `A batch holds 1 to ${formatCount(KIT_BATCH_MAX_SIZE)} codes.`;

const productRule = v.pipe(v.string(), v.nonEmpty('Choose the kit the codes are for.'));
const sizeRule = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(`Enter how many codes to make. ${SIZE_RULE}`),
  v.regex(/^\d+$/, `Enter a whole number. ${SIZE_RULE}`),
  v.check((value) => Number(value) >= 1 && Number(value) <= KIT_BATCH_MAX_SIZE, SIZE_RULE),
);
const noteRule = v.pipe(v.string(), v.maxLength(200, 'Keep the note under 200 characters.'));

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError || error instanceof Error ? error.message : fallback);

/** The two files of a batch, each a button that says when it is being made and what went wrong. */
function Downloads({ batch }: { batch: KitBatch }) {
  const [busy, setBusy] = useState<KitBatchFile | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = (file: KitBatchFile) => {
    setBusy(file);
    setFailure(null);
    downloadKitBatch(batch, file)
      .catch((error: unknown) => setFailure(errorText(error, 'The file could not be downloaded. Please try again.')))
      .finally(() => setBusy(null));
  };
  return (
    <Stack gap="1" align="flex-start">
      <Flex gap="2" wrap="wrap">
        <Button size="xs" variant="outline" loading={busy === 'csv'} loadingText="Preparing…" disabled={busy !== null} onClick={() => download('csv')}>
          CSV<Box as="span" srOnly> of batch {batch.number}</Box>
        </Button>
        <Button size="xs" variant="outline" loading={busy === 'labels'} loadingText="Preparing…" disabled={busy !== null} onClick={() => download('labels')}>
          Labels (PDF)<Box as="span" srOnly> of batch {batch.number}</Box>
        </Button>
      </Flex>
      {failure ? (
        <Text role="alert" color="red.700" fontSize="sm">
          {failure}
        </Text>
      ) : null}
    </Stack>
  );
}

const COLUMNS: readonly StaffColumn<KitBatch>[] = [
  {
    id: 'batch',
    header: 'Batch',
    rowHeader: true,
    cell: (batch) => (
      <Box>
        <Text fontWeight="semibold">Batch {batch.number}</Text>
        {batch.note ? (
          <Text fontSize="sm" color="gray.700">
            {batch.note}
          </Text>
        ) : null}
      </Box>
    ),
  },
  { id: 'product', header: 'Kit', cell: (batch) => batch.product.name },
  { id: 'size', header: 'Codes', nowrap: true, cell: (batch) => formatCount(batch.size) },
  { id: 'free', header: 'Free', nowrap: true, cell: (batch) => formatCount(batch.counts.free) },
  { id: 'assigned', header: 'Sold', nowrap: true, cell: (batch) => formatCount(batch.counts.assigned) },
  {
    id: 'activated',
    header: 'Activated',
    nowrap: true,
    cell: (batch) => (
      <>
        {formatCount(batch.counts.activated)}
        {batch.counts.closed > 0 ? (
          <Badge ms="2" colorPalette="gray">
            {formatCount(batch.counts.closed)} cancelled or refunded
          </Badge>
        ) : null}
      </>
    ),
  },
  {
    id: 'made',
    header: 'Made',
    cell: (batch) => (
      <Text fontSize="sm">
        {formatShopDateTime(batch.createdAt)}
        {batch.createdBy ? ` by ${batch.createdBy.fullname || 'a staff member'}` : ''}
      </Text>
    ),
  },
  { id: 'files', header: 'Download', cell: (batch) => <Downloads batch={batch} /> },
];

function NewBatchForm() {
  const products = useQuery(productsQueryOptions);
  const create = useCreateKitBatch();
  const [made, setMade] = useState<KitBatch | null>(null);
  const form = useShopForm({
    defaultValues: { productId: '', size: '', note: '' },
    onSubmit: async ({ value, formApi }) => {
      setMade(null);
      const batch = await create.mutateAsync({ productId: value.productId, size: Number(value.size.trim()), note: value.note }).catch(() => null);
      if (!batch) return;
      setMade(batch);
      formApi.reset();
    },
    onSubmitInvalid: () => setMade(null),
  });
  const options = (products.data ?? []).map((product) => ({ value: product._id, label: product.name }));

  return (
    <Box as="section" aria-labelledby="new-batch-heading" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }} mb="8">
      <Heading as="h2" id="new-batch-heading" size="md" mb="1">
        New batch of kit codes
      </Heading>
      <Text color="gray.700" mb="4">
        Each code is random, with a check character that catches a mistyped code. Print the labels and stick one on each
        kit; its QR code opens the kit&rsquo;s activation with the code filled in.
      </Text>
      <form.AppForm>
        <form.Form label="New batch of kit codes">
          <Stack gap="4">
            {create.isError ? <FormAlert>{errorText(create.error, 'The batch could not be made. Please try again.')}</FormAlert> : null}
            {made ? (
              <Box role="status" bg="green.50" borderWidth="1px" borderColor="green.200" rounded="md" p="3">
                <Text color="green.800" mb="2">
                  Batch {made.number} is ready: {formatCount(made.size)} {made.product.name} {made.size === 1 ? 'code' : 'codes'}.
                </Text>
                <Downloads batch={made} />
              </Box>
            ) : null}
            {products.isError ? (
              <DataLoadFailure what="the kits" error={products.error} onRetry={() => void products.refetch()} />
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <form.Field name="productId" validators={{ onSubmit: productRule }}>
                {(field) => (
                  <SelectField
                    id="kit-batch-product"
                    label="Kit"
                    placeholder={products.isPending ? 'Loading the kits…' : 'Choose a kit…'}
                    value={field.state.value}
                    options={options}
                    onChange={field.handleChange}
                    onBlur={field.handleBlur}
                    error={firstError(field.state.meta.errors)}
                  />
                )}
              </form.Field>
              <form.AppField name="size" validators={{ onSubmit: sizeRule }}>
                {(field) => <field.TextField label="Number of codes" inputMode="numeric" autoComplete="off" maxLength={5} helper={SIZE_RULE} />}
              </form.AppField>
              <form.AppField name="note" validators={{ onSubmit: noteRule }}>
                {(field) => <field.TextField label="Where it goes (optional)" required={false} autoComplete="off" maxLength={200} placeholder="e.g. Apollo Clinic, Indiranagar" />}
              </form.AppField>
            </SimpleGrid>
            <form.Subscribe selector={(state) => [state.isSubmitting, state.values.size] as const}>
              {([busy, size]) => (
                <Box>
                  <form.SubmitButton colorPalette="brand" loadingText="Making the codes…" w={{ base: 'full', md: 'auto' }}>
                    Generate codes
                  </form.SubmitButton>
                  {busy ? (
                    <Flex role="status" align="center" gap="2" mt="3" color="gray.700">
                      <Spinner size="sm" />
                      <Text>
                        Making {formatCount(Number(size.trim()) || 0)} codes and checking each is unique. A large batch takes a few seconds.
                      </Text>
                    </Flex>
                  ) : null}
                </Box>
              )}
            </form.Subscribe>
          </Stack>
        </form.Form>
      </form.AppForm>
    </Box>
  );
}

/** Batches of kit codes for clinics and events: a new batch, and the batches made so far with their downloads. */
export function GenerateKitPage({ page }: { page: number }) {
  const batches = useKitBatches(page);
  const navigate = useNavigate();
  const data = batches.data;
  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Generate Kit">
        Kit codes for kits sold at clinics and events. A customer activates the kit with its code on their dashboard once
        the kit is registered to them under Offline Onboarding.
      </PageTitle>
      <NewBatchForm />
      <Heading as="h2" size="md" mb="3">
        Batches
      </Heading>
      <Text role="status" srOnly>
        {batches.isPlaceholderData ? 'Updating the list…' : ''}
      </Text>
      {batches.isPending ? (
        <PageSpinner label="Loading the batches…" />
      ) : batches.isError && !data ? (
        <DataLoadFailure what="the batches" error={batches.error} onRetry={() => void batches.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6" data-testid="kit-batches-empty">
          <Text>{data && data.total > 0 ? `There are no batches on page ${page}.` : 'No batches yet. Make the first one above.'}</Text>
        </Box>
      ) : (
        <>
          <StaffTable
            columns={COLUMNS}
            rows={data.items}
            rowId={(batch) => batch._id}
            caption="Batches of kit codes, newest first, with how many codes are free, sold and activated"
            sort=""
            onSort={() => undefined}
            updating={batches.isPlaceholderData}
            testId="kit-batches"
          />
          <Pager
            label="Pages of batches"
            page={page}
            pageSize={KIT_BATCH_PAGE_SIZE}
            shown={data.items.length}
            total={data.total}
            onPage={(next) => void navigate({ to: '/admin/generate-kit', search: { page: next === 1 ? undefined : next } })}
          />
        </>
      )}
    </Box>
  );
}
