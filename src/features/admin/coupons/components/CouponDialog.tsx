/**
 * The dialog that makes a coupon or changes one. The form checks what it can before sending; the server is the
 * authority, and what it refuses is shown at the field it names. A coupon already used keeps its code, percentage
 * and kits, so those fields are read-only with the reason beside them.
 */
import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { FormAlert } from '@/components/ui/fields';
import { firstError, refuseField, useShopForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { productsQueryOptions } from '@/lib/catalogue';
import { useSaveCoupon, type AdminCoupon, type AdminCouponInput } from '../api/coupons';

/** The server's rule for a code, after trimming and upper-casing. */
const CODE = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const codeRule = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter the code customers will type.'),
  v.check((value) => CODE.test(value.toUpperCase()), '3 to 30 letters, digits, dashes or underscores, starting with a letter or digit.'),
);
const wholeIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(message),
    v.check((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, message),
  );
const percentageRule = wholeIn(1, 100, 'Enter a whole percentage from 1 to 100.');
const perPersonRule = wholeIn(1, 1000, 'Enter how many times one person may use it: 1 or more.');
const totalRule = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 1_000_000), 'Enter 1 or more, or leave it empty for no limit.'),
);
const dayRule = v.pipe(v.string(), v.check((value) => value === '' || DAY.test(value), 'Enter a date, or leave it empty.'));
const noteRule = v.pipe(v.string(), v.maxLength(500, 'Keep the note under 500 characters.'));

interface CouponValues {
  code: string;
  percentage: string;
  validFrom: string;
  validUntil: string;
  totalLimit: string;
  perPersonLimit: string;
  productIds: string[];
  firstOrderOnly: boolean;
  active: boolean;
  note: string;
}

function valuesOf(coupon: AdminCoupon | null): CouponValues {
  if (!coupon) {
    return { code: '', percentage: '', validFrom: '', validUntil: '', totalLimit: '', perPersonLimit: '1', productIds: [], firstOrderOnly: false, active: true, note: '' };
  }
  return {
    code: coupon.code,
    percentage: String(coupon.percentage),
    validFrom: coupon.validFrom ?? '',
    validUntil: coupon.validUntil ?? '',
    totalLimit: coupon.totalLimit === null ? '' : String(coupon.totalLimit),
    perPersonLimit: String(coupon.perPersonLimit),
    productIds: coupon.products.map((product) => product._id),
    firstOrderOnly: coupon.firstOrderOnly,
    active: coupon.active,
    note: coupon.note,
  };
}

function bodyOf(values: CouponValues): AdminCouponInput {
  return {
    code: values.code.trim().toUpperCase(),
    percentage: Number(values.percentage.trim()),
    validFrom: values.validFrom || null,
    validUntil: values.validUntil || null,
    totalLimit: values.totalLimit.trim() ? Number(values.totalLimit.trim()) : null,
    perPersonLimit: Number(values.perPersonLimit.trim()),
    productIds: values.productIds,
    firstOrderOnly: values.firstOrderOnly,
    active: values.active,
    note: values.note.trim(),
  };
}

/** The server's field names are the form's. */
const FIELDS = ['code', 'percentage', 'validFrom', 'validUntil', 'totalLimit', 'perPersonLimit', 'productIds', 'note'] as const;

const sentence = (message: string) => {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

interface CouponDialogProps {
  /** The coupon to change; null for a new one. */
  coupon: AdminCoupon | null;
  onSaved: (coupon: AdminCoupon) => void;
  onClose: () => void;
}

export default function CouponDialog({ coupon, onSaved, onClose }: CouponDialogProps) {
  const products = useQuery(productsQueryOptions);
  const save = useSaveCoupon();
  const [failure, setFailure] = useState<string | null>(null);
  const used = coupon !== null && coupon.redemptions > 0;
  const form = useShopForm({
    defaultValues: valuesOf(coupon),
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      if (value.validFrom && value.validUntil && value.validUntil < value.validFrom) {
        refuseField(formApi, 'validUntil', 'The end date must not be before the start date.');
        return;
      }
      try {
        onSaved(await save.mutateAsync({ id: coupon?._id ?? null, body: bodyOf(value) }));
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          let shown = false;
          for (const name of FIELDS) {
            const message = error.fields[name];
            if (message) {
              refuseField(formApi, name, sentence(message));
              shown = true;
            }
          }
          setFailure(shown ? (error.serverMessage ?? error.message) : error.message);
        } else {
          setFailure(error instanceof Error ? error.message : 'The coupon could not be saved. Please try again.');
        }
      }
    },
  });
  // The catalogue's kits, and any kit the coupon names that is no longer on sale.
  const kits = [
    ...(products.data ?? []).map((product) => ({ _id: product._id, name: product.name })),
    ...(coupon?.products ?? []).filter((product) => !products.data?.some((kit) => kit._id === product._id)),
  ];
  const title = coupon ? `Change coupon ${coupon.code}` : 'New coupon';
  const lockedHelp = used
    ? `Used by ${coupon.redemptions} ${coupon.redemptions === 1 ? 'order' : 'orders'}, so it stays as it is: end this coupon and make a new one to change it.`
    : undefined;

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
        <Dialog.Content data-testid="coupon-dialog">
          <form.AppForm>
            <form.Form label={title}>
              <Dialog.Header pe="12">
                <Dialog.Title fontSize="xl">{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {failure ? <FormAlert>{failure}</FormAlert> : null}
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <form.AppField name="code" validators={{ onSubmit: codeRule }}>
                      {(field) => (
                        <field.TextField
                          label="Code"
                          autoComplete="off"
                          maxLength={30}
                          readOnly={used}
                          helper={lockedHelp ?? 'Customers type it in any case; it is kept in capitals.'}
                          textTransform="uppercase"
                        />
                      )}
                    </form.AppField>
                    <form.AppField name="percentage" validators={{ onSubmit: percentageRule }}>
                      {(field) => (
                        <field.TextField
                          label="Percentage off"
                          inputMode="numeric"
                          autoComplete="off"
                          maxLength={3}
                          readOnly={used}
                          helper={used ? 'Stays as it is once used.' : 'Of the price of each kit it applies to, 1 to 100.'}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name="validFrom" validators={{ onSubmit: dayRule }}>
                      {(field) => <field.TextField label="First day (India)" type="date" required={false} helper="From 00:00 IST; empty for from now." />}
                    </form.AppField>
                    <form.AppField name="validUntil" validators={{ onSubmit: dayRule }}>
                      {(field) => <field.TextField label="Last day (India)" type="date" required={false} helper="Until the end of the day, IST; empty for no end." />}
                    </form.AppField>
                    <form.AppField name="totalLimit" validators={{ onSubmit: totalRule }}>
                      {(field) => (
                        <field.TextField
                          label="Total uses"
                          inputMode="numeric"
                          autoComplete="off"
                          required={false}
                          maxLength={7}
                          helper={coupon && coupon.redemptions > 0 ? `Used ${coupon.redemptions} times so far; empty for no limit.` : 'Orders that may use it in all; empty for no limit.'}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name="perPersonLimit" validators={{ onSubmit: perPersonRule }}>
                      {(field) => <field.TextField label="Uses per person" inputMode="numeric" autoComplete="off" maxLength={4} />}
                    </form.AppField>
                  </SimpleGrid>
                  <form.Field name="productIds">
                    {(field) => {
                      const message = firstError(field.state.meta.errors);
                      return (
                        <fieldset disabled={used} aria-describedby="coupon-kits-help" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                          <Text as="legend" fontWeight="medium" mb="1">
                            Kits it applies to
                          </Text>
                          <Text id="coupon-kits-help" fontSize="sm" color="gray.600">
                            {used ? lockedHelp : 'None ticked: every kit. Ticked: its percentage comes off those kits only.'}
                          </Text>
                          {products.isError ? <DataLoadFailure what="the kits" error={products.error} onRetry={() => void products.refetch()} /> : null}
                          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" mt="2">
                            {kits.map((kit) => (
                              <Box as="label" key={kit._id} display="flex" alignItems="center" gap="2" cursor={used ? 'not-allowed' : 'pointer'}>
                                <input
                                  type="checkbox"
                                  name="productIds"
                                  value={kit._id}
                                  disabled={used}
                                  checked={field.state.value.includes(kit._id)}
                                  onChange={(event) =>
                                    field.handleChange(
                                      event.target.checked ? [...field.state.value, kit._id] : field.state.value.filter((id) => id !== kit._id),
                                    )
                                  }
                                  style={{ width: '1.1rem', height: '1.1rem' }}
                                />
                                <Text as="span">{kit.name}</Text>
                              </Box>
                            ))}
                          </SimpleGrid>
                          {message ? (
                            <Text color="red.700" fontSize="sm" mt="1" role="alert">
                              {message}
                            </Text>
                          ) : null}
                        </fieldset>
                      );
                    }}
                  </form.Field>
                  <Stack gap="2">
                    <form.Field name="firstOrderOnly">
                      {(field) => (
                        <Box as="label" display="flex" alignItems="center" gap="2" cursor="pointer">
                          <input
                            type="checkbox"
                            name="firstOrderOnly"
                            checked={field.state.value}
                            onChange={(event) => field.handleChange(event.target.checked)}
                            style={{ width: '1.1rem', height: '1.1rem' }}
                          />
                          <Text as="span">First orders only (a person with no paid order yet)</Text>
                        </Box>
                      )}
                    </form.Field>
                    <form.Field name="active">
                      {(field) => (
                        <Box as="label" display="flex" alignItems="center" gap="2" cursor="pointer">
                          <input
                            type="checkbox"
                            name="active"
                            checked={field.state.value}
                            onChange={(event) => field.handleChange(event.target.checked)}
                            style={{ width: '1.1rem', height: '1.1rem' }}
                          />
                          <Text as="span">Active (untick to switch it off: no cart takes it then)</Text>
                        </Box>
                      )}
                    </form.Field>
                  </Stack>
                  <form.AppField name="note" validators={{ onSubmit: noteRule }}>
                    {(field) => (
                      <field.TextField label="Note for the staff (optional)" required={false} autoComplete="off" maxLength={500} placeholder="e.g. Diwali campaign, Instagram" />
                    )}
                  </form.AppField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                  Cancel
                </Button>
                <form.SubmitButton colorPalette="brand" loadingText="Saving…">
                  {coupon ? 'Save changes' : 'Make the coupon'}
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
