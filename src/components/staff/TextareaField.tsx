import { Field } from '@chakra-ui/react/field';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { firstError } from '@/components/ui/form';

/** What the field needs of a form's string field (`form.AppField`'s `field`). */
interface TextFieldApi {
  name: string;
  state: { value: string; meta: { errors: readonly unknown[] } };
  handleChange: (value: string) => void;
  handleBlur: () => void;
}

/**
 * A labelled textarea bound to its form field, as staff dialogs ask for a reason or a note: the field's first error
 * shows in place of the helper, or after it with `keepHelper`.
 */
export function TextareaField({
  field,
  label,
  helper,
  maxLength,
  rows,
  required,
  keepHelper = false,
}: {
  field: TextFieldApi;
  label: string;
  helper: string;
  maxLength: number;
  rows: number;
  required?: boolean;
  keepHelper?: boolean;
}) {
  const message = firstError(field.state.meta.errors);
  const error = message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null;
  const help = <Field.HelperText color="gray.600">{helper}</Field.HelperText>;
  return (
    <Field.Root invalid={Boolean(message)} required={required}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        recipe={textareaRecipe}
        name={field.name}
        value={field.state.value}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        maxLength={maxLength}
        rows={rows}
      />
      {keepHelper ? (
        <>
          {help}
          {error}
        </>
      ) : (
        (error ?? help)
      )}
    </Field.Root>
  );
}
