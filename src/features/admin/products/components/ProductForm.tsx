import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useRef, useState } from 'react';
import { FormAlert, TextField as TextInput } from '@/components/ui/fields';
import { firstError, refuseField, useShopForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api-client';
import { uploadProductImage, type ProductImage, type ProductInput, type StaffProduct } from '../api/products';
import { paiseOf, priceProblem, rupeesText } from '../money';

const CODE = /^[A-Z0-9][A-Z0-9-]{2,39}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An HSN or SAC code as GST invoices print it. */
const HSN_SAC = /^(?:\d{4}|\d{6}|\d{8})$/;
/** The GST slabs in force since 22 September 2025, as the server accepts them. */
const GST_RATE_OPTIONS = [
  { value: '0', label: '0% (nil-rated or exempt)' },
  { value: '5', label: '5%' },
  { value: '18', label: '18% (standard rate, the kits)' },
  { value: '40', label: '40%' },
] as const;
/** What a new product is until staff say otherwise: the kits' laboratory service. */
const KIT_SAC = '999316';
const KIT_RATE = '18';
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
const MAX_PICTURES = 10;

/** The form's fields as typed: prices in rupees, what is in the box one line each. */
export interface ProductFormValues {
  name: string;
  code: string;
  slug: string;
  price: string;
  actual_price: string;
  hsn_sac: string;
  gst_rate: string;
  summary: string;
  description: string;
  box: string;
  sort: string;
  active: boolean;
}

const EMPTY: ProductFormValues = {
  name: '',
  code: '',
  slug: '',
  price: '',
  actual_price: '',
  hsn_sac: KIT_SAC,
  gst_rate: KIT_RATE,
  summary: '',
  description: '',
  box: '',
  sort: '0',
  active: true,
};

function valuesOf(product: StaffProduct | undefined): ProductFormValues {
  if (!product) return EMPTY;
  return {
    name: product.name,
    code: product.code,
    slug: product.slug,
    price: rupeesText(product.price),
    actual_price: rupeesText(product.actual_price),
    hsn_sac: product.hsn_sac,
    gst_rate: String(product.gst_rate),
    summary: product.summary,
    description: product.description,
    box: product.box.join('\n'),
    sort: String(product.sort),
    active: product.active,
  };
}

/** A slug from a name, as the server makes one: `Gut Start (Lite)` → `gut-start-lite`. */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

const FIELD_NAMES = ['name', 'code', 'slug', 'price', 'actual_price', 'hsn_sac', 'gst_rate', 'summary', 'description', 'box', 'sort', 'active'] as const;

/** The server's field (`box.2`) as the form's field (`box`); undefined when the form has none for it. */
function formFieldOf(field: string): (typeof FIELD_NAMES)[number] | 'images' | undefined {
  const head = field.split('.')[0];
  if (head === 'images') return 'images';
  return FIELD_NAMES.find((name) => name === head);
}

interface ProductFormProps {
  product?: StaffProduct | undefined;
  submitLabel: string;
  busyLabel: string;
  /** Saves the product; throws the server's refusal. */
  onSave: (input: ProductInput) => Promise<unknown>;
}

/** The product's fields, its pictures, and Save: rules checked here first, and the server's refusals shown at their fields. */
export function ProductForm({ product, submitLabel, busyLabel, onSave }: ProductFormProps) {
  const [images, setImages] = useState<ProductImage[]>(product?.images ?? []);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // A new product's address follows its name until someone types one.
  const [slugTouched, setSlugTouched] = useState(Boolean(product));
  const fileInput = useRef<HTMLInputElement>(null);

  const form = useShopForm({
    defaultValues: valuesOf(product),
    onSubmit: async ({ value, formApi }) => {
      setFormError(null);
      const input: ProductInput = {
        name: value.name.trim(),
        code: value.code.trim().toUpperCase(),
        slug: value.slug.trim(),
        price: paiseOf(value.price)!,
        actual_price: paiseOf(value.actual_price)!,
        hsn_sac: value.hsn_sac.trim(),
        gst_rate: Number(value.gst_rate),
        summary: value.summary.trim(),
        description: value.description.trim(),
        box: value.box
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        images: images.map((image) => image._id),
        sort: Number(value.sort),
        active: value.active,
      };
      try {
        await onSave(input);
      } catch (error) {
        if (!(error instanceof ApiError)) {
          setFormError('The product could not be saved. Please try again.');
          return;
        }
        let shown = false;
        for (const [field, message] of Object.entries(error.fields ?? {})) {
          const name = formFieldOf(field);
          if (name === 'images') {
            setImagesError(message);
            shown = true;
          } else if (name) {
            refuseField(formApi, name, message);
            shown = true;
          }
        }
        setFormError(shown ? 'Please correct the fields marked below.' : error.message);
      }
    },
  });

  const addPicture = async (file: File | undefined) => {
    if (!file) return;
    setImagesError(null);
    if (file.size > MAX_PICTURE_BYTES) {
      setImagesError(`${file.name} is larger than 2 MB. Choose a smaller picture, or reduce it first.`);
      return;
    }
    setUploading(true);
    try {
      const image = await uploadProductImage(file);
      setImages((current) => [...current, image]);
    } catch (error) {
      setImagesError(error instanceof ApiError ? error.message : 'The picture could not be uploaded. Please try again.');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const move = (index: number, by: -1 | 1) =>
    setImages((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });

  const required = (what: string) => (value: string) => (value.trim() === '' ? `Enter the ${what}.` : undefined);

  return (
    <form.AppForm>
      <form.Form label={submitLabel}>
        <Stack gap="5" maxW="3xl">
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <form.AppField name="name" validators={{ onSubmit: ({ value }) => required('product name')(value) }}>
            {(field) => (
              <TextInput
                label="Name"
                name={field.name}
                maxLength={80}
                autoComplete="off"
                value={field.state.value}
                onValueChange={(value) => {
                  field.handleChange(value);
                  if (!slugTouched) form.setFieldValue('slug', slugFrom(value));
                }}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.AppField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <form.AppField
              name="code"
              validators={{
                onSubmit: ({ value }) =>
                  required('product code')(value) ??
                  (CODE.test(value.trim().toUpperCase()) ? undefined : 'Use 3 to 40 letters, digits or dashes, starting with a letter or digit (e.g. PROD-G3G-LITE).'),
              }}
            >
              {(field) => <field.TextField label="Product code" maxLength={40} autoComplete="off" helper="Kept in capitals, e.g. PROD-G3G-LITE." />}
            </form.AppField>
            <form.AppField
              name="slug"
              validators={{
                onSubmit: ({ value }) =>
                  required('page address')(value) ?? (SLUG.test(value.trim()) ? undefined : 'Use lower-case letters and digits, with single dashes between words.'),
              }}
            >
              {(field) => (
                <TextInput
                  label="Page address"
                  prefix="/products/"
                  name={field.name}
                  maxLength={80}
                  autoComplete="off"
                  value={field.state.value}
                  onValueChange={(value) => {
                    setSlugTouched(true);
                    field.handleChange(value);
                  }}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                />
              )}
            </form.AppField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <form.AppField name="price" validators={{ onSubmit: ({ value }) => priceProblem(value, 'price') }}>
              {(field) => <field.TextField label="Price (₹)" inputMode="decimal" prefix="₹" helper="What the customer pays, e.g. 4999 or 4999.50." />}
            </form.AppField>
            <form.AppField
              name="actual_price"
              validators={{
                onSubmit: ({ value, fieldApi }) => {
                  const problem = priceProblem(value, 'struck-through price');
                  if (problem) return problem;
                  const price = paiseOf(fieldApi.form.getFieldValue('price'));
                  const actual = paiseOf(value);
                  return price !== undefined && actual !== undefined && price > actual ? 'The struck-through price cannot be below the price.' : undefined;
                },
              }}
            >
              {(field) => <field.TextField label="Struck-through price (₹)" inputMode="decimal" prefix="₹" helper="The usual price, shown struck through." />}
            </form.AppField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <form.AppField
              name="hsn_sac"
              validators={{
                onSubmit: ({ value }) =>
                  required('HSN or SAC code')(value) ?? (HSN_SAC.test(value.trim()) ? undefined : 'Enter 4, 6 or 8 digits, with no spaces or letters (e.g. 999316).'),
              }}
            >
              {(field) => (
                <field.TextField
                  label="HSN/SAC code"
                  inputMode="numeric"
                  maxLength={8}
                  autoComplete="off"
                  helper="Printed on each invoice line of this product. The kits are SAC 999316, medical laboratory services."
                />
              )}
            </form.AppField>
            <form.AppField
              name="gst_rate"
              validators={{ onSubmit: ({ value }) => (GST_RATE_OPTIONS.some((option) => option.value === value) ? undefined : 'Choose the GST rate.') }}
            >
              {(field) => (
                <SelectField
                  id="product-gst-rate"
                  label="GST rate"
                  value={field.state.value}
                  options={GST_RATE_OPTIONS}
                  placeholder="Choose the GST rate…"
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                  helper="The price includes it. Orders keep the code and rate they were placed with; a change applies to new orders."
                />
              )}
            </form.AppField>
          </SimpleGrid>
          <form.AppField name="summary">
            {(field) => <field.TextField label="Short description" required={false} maxLength={300} helper="One sentence, shown under the name." />}
          </form.AppField>
          <form.AppField name="description">
            {(field) => (
              <LongText
                label="Long description"
                helper="Shown on the kit's page; leave a blank line between paragraphs."
                name={field.name}
                value={field.state.value}
                onChange={field.handleChange}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
                maxLength={5000}
                rows={6}
              />
            )}
          </form.AppField>
          <form.AppField
            name="box"
            validators={{
              onSubmit: ({ value }) => {
                const lines = value.split('\n').filter((line) => line.trim() !== '');
                if (lines.length > 30) return 'At most 30 lines.';
                return lines.some((line) => line.trim().length > 200) ? 'Each line at most 200 characters.' : undefined;
              },
            }}
          >
            {(field) => (
              <LongText
                label="What is in the box"
                helper="One item a line."
                name={field.name}
                value={field.state.value}
                onChange={field.handleChange}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
                rows={4}
              />
            )}
          </form.AppField>

          <Box as="fieldset" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4">
            <Box as="legend" px="1" fontWeight="medium">
              Pictures
            </Box>
            <Text fontSize="sm" color="gray.700" mb="3">
              JPEG, PNG or WebP, at most 2 MB each. The first is the main picture, shown in the menus, lists and cart.
            </Text>
            {images.length > 0 ? (
              <Box as="ol" listStyleType="none" display="grid" gap="3" mb="3" data-testid="product-images">
                {images.map((image, index) => (
                  <Flex as="li" key={image._id} gap="3" align="center" wrap="wrap" borderWidth="1px" borderColor="gray.200" rounded="md" p="2">
                    <img
                      src={image.url}
                      alt=""
                      width={96}
                      height={72}
                      style={{ width: '96px', height: '72px', objectFit: 'cover', borderRadius: '6px' }}
                    />
                    <Text flex="1" minW="8rem" fontSize="sm" color="gray.700">
                      {index === 0 ? 'Main picture' : `Picture ${index + 1}`} · {image.width} × {image.height}
                    </Text>
                    <Flex gap="2" wrap="wrap">
                      <Button size="sm" variant="outline" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move picture ${index + 1} earlier`}>
                        Earlier
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={index === images.length - 1}
                        onClick={() => move(index, 1)}
                        aria-label={`Move picture ${index + 1} later`}
                      >
                        Later
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setImages((current) => current.filter((kept) => kept._id !== image._id))}
                        aria-label={`Remove picture ${index + 1}`}
                      >
                        Remove
                      </Button>
                    </Flex>
                  </Flex>
                ))}
              </Box>
            ) : (
              <Text fontSize="sm" color="gray.600" mb="3">
                No pictures yet.
              </Text>
            )}
            <Field.Root invalid={Boolean(imagesError)} required={false}>
              <Field.Label htmlFor="product-image-file">Add a picture</Field.Label>
              <input
                id="product-image-file"
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={uploading || images.length >= MAX_PICTURES}
                onChange={(event) => void addPicture(event.target.files?.[0])}
                data-testid="product-image-input"
              />
              {uploading ? (
                <Text role="status" fontSize="sm" color="gray.700">
                  Uploading the picture…
                </Text>
              ) : null}
              {imagesError ? <Field.ErrorText color="red.700">{imagesError}</Field.ErrorText> : null}
            </Field.Root>
          </Box>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" alignItems="end">
            <form.AppField
              name="sort"
              validators={{ onSubmit: ({ value }) => (/^\d{1,5}$/.test(value.trim()) && Number(value) <= 10000 ? undefined : 'Enter a whole number from 0 to 10000.') }}
            >
              {(field) => <field.TextField label="Position in the menus" inputMode="numeric" helper="Lower numbers come first." />}
            </form.AppField>
            <form.Field name="active">
              {(field) => (
                <Flex as="label" gap="2" align="center" py="2" cursor="pointer">
                  <input type="checkbox" name={field.name} checked={field.state.value} onChange={(event) => field.handleChange(event.target.checked)} style={{ width: '1.1rem', height: '1.1rem' }} />
                  <Text as="span">On sale in the shop</Text>
                </Flex>
              )}
            </form.Field>
          </SimpleGrid>
          <Box>
            <form.SubmitButton colorPalette="brand" size="lg" loadingText={busyLabel} disabled={uploading}>
              {submitLabel}
            </form.SubmitButton>
          </Box>
        </Stack>
      </form.Form>
    </form.AppForm>
  );
}

interface LongTextProps {
  label: string;
  helper: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  maxLength?: number;
  rows: number;
}

function LongText({ label, helper, name, value, onChange, onBlur, error, maxLength, rows }: LongTextProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={false}>
      <Field.Label>{label}</Field.Label>
      <Textarea recipe={textareaRecipe} name={name} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} maxLength={maxLength} rows={rows} />
      {error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : <Field.HelperText color="gray.600">{helper}</Field.HelperText>}
    </Field.Root>
  );
}
