/** The small form parts the edit page is built of: long text with its count, ticks in a group, and a set of rows. */
import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import type { ReactNode } from 'react';

interface LongTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
  readOnly: boolean;
  error: string | undefined;
  helper?: string;
}

/** A labelled text area with how much of its limit is used, in the helper the field is described by. */
export function LongText({ label, value, onChange, maxLength, rows, readOnly, error, helper }: LongTextProps) {
  const count = `${value.length} of ${maxLength} characters.`;
  return (
    <Field.Root invalid={Boolean(error)} readOnly={readOnly}>
      <Field.Label>{label}</Field.Label>
      <Textarea recipe={textareaRecipe} value={value} onChange={(event) => onChange(event.target.value)} maxLength={maxLength} rows={rows} />
      {error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : null}
      <Field.HelperText color="gray.700">{helper ? `${helper} ${count}` : count}</Field.HelperText>
    </Field.Root>
  );
}

/** A group of fields under its legend, with the group's problem said once under it. */
export function FieldGroup({
  legend,
  error,
  helper,
  children,
}: {
  legend: string;
  error?: string | undefined;
  helper?: string;
  children: ReactNode;
}) {
  return (
    <Box as="fieldset" borderWidth="1px" borderColor={error ? 'red.500' : 'gray.200'} rounded="lg" p="4" minW="0">
      <Box as="legend" px="1" fontWeight="medium">
        {legend}
      </Box>
      {helper ? (
        <Text fontSize="sm" color="gray.700" mb="3">
          {helper}
        </Text>
      ) : null}
      {children}
      {error ? (
        <Text role="alert" color="red.700" fontSize="sm" mt="3">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/** A native tick box with its words, large enough to tap on a phone. */
export function Tick({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Flex as="label" gap="2" align="center" py="1.5" cursor={disabled ? 'default' : 'pointer'}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        style={{ width: '1.1rem', height: '1.1rem' }}
      />
      <Text as="span">{label}</Text>
    </Flex>
  );
}
