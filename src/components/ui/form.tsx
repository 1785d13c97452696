/**
 * The shop's forms: TanStack Form with the shop's own field, submit button and form element. A page makes its form
 * with `useShopForm`, checks each field with a valibot schema (or a rule shared with the server, in `machines/`)
 * when the form is submitted, and shows at a field what the server or Firebase refused with `refuseField`.
 *
 * ```tsx
 * const form = useShopForm({ defaultValues: { email: '' }, onSubmit: async ({ value }) => send(value.email) });
 * <form.AppForm>
 *   <form.Form label="Reset your password">
 *     <form.AppField name="email" validators={{ onSubmit: emailSchema }}>
 *       {(field) => <field.TextField label="E-mail address" type="email" />}
 *     </form.AppField>
 *     <form.SubmitButton loadingText="Sending…">Send</form.SubmitButton>
 *   </form.Form>
 * </form.AppForm>
 * ```
 */
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { createFormHook, createFormHookContexts, type AnyFormApi } from '@tanstack/react-form';
import { useRef, type ReactNode } from 'react';
import { TextField as TextInput, type TextFieldProps as TextInputProps } from './fields';

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** The first message among a field's errors: a rule's text, or a schema issue's message. */
export function firstError(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error;
    if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  }
  return undefined;
}

type ShopTextFieldProps = Omit<TextInputProps, 'value' | 'onValueChange' | 'error'>;

/** A labelled input bound to its form field; the field's first error is shown at it and announced with it. */
function TextField(props: ShopTextFieldProps) {
  const field = useFieldContext<string>();
  return (
    <TextInput
      name={field.name}
      {...props}
      value={field.state.value}
      onValueChange={field.handleChange}
      onBlur={field.handleBlur}
      error={firstError(field.state.meta.errors)}
    />
  );
}

/**
 * The form element: the browser's own checks off (the shop says what to fix, in its words), submits through the form.
 * A refused submit (a rule, or the server at a field) takes the keyboard to the first field with a problem.
 */
function Form({ label, children }: { label: string; children: ReactNode }) {
  const form = useFormContext();
  const element = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={element}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void form.handleSubmit().then(() => {
          if (form.state.isValid) return;
          // In a task of its own, after the render that marks the fields.
          setTimeout(() => element.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
        });
      }}
    >
      {children}
    </form>
  );
}

/** The submit button, busy while the form is being sent. */
function SubmitButton({ loadingText, ...props }: Omit<ButtonProps, 'loadingText' | 'type'> & { loadingText: string }) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(busy) => <Button type="submit" loading={busy} loadingText={loadingText} {...props} />}
    </form.Subscribe>
  );
}

export const { useAppForm: useShopForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField },
  formComponents: { Form, SubmitButton },
});

/** Shows `message` at a field after the server or Firebase refused its value; the next submit checks it afresh. */
export function refuseField(form: AnyFormApi, name: string, message: string): void {
  form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onSubmit: message } }));
}
