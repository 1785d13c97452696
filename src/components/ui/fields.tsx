import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Input, type InputProps } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** A form-wide message: what happened and what to do. */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  const palette = tone === 'error' ? 'red' : 'green';
  return (
    <Box
      role={tone === 'error' ? 'alert' : 'status'}
      bg={`${palette}.50`}
      color={`${palette}.800`}
      borderWidth="1px"
      borderColor={`${palette}.200`}
      rounded="md"
      p="3"
    >
      <Text>{children}</Text>
    </Box>
  );
}

export interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  helper?: ReactNode;
  /** Shown before the input, e.g. the country code. */
  prefix?: string;
}

/** A labelled input whose error is shown at the field and announced with it. */
export function TextField({ label, value, onValueChange, error, helper, prefix, required = true, ...input }: TextFieldProps) {
  const control = <Input value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />;
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      {prefix ? (
        <Box display="flex" w="full" alignItems="stretch">
          <Box
            as="span"
            aria-hidden="true"
            display="flex"
            alignItems="center"
            px="3"
            borderWidth="1px"
            borderRightWidth="0"
            borderColor="gray.300"
            roundedLeft="md"
            bg="gray.50"
            color="gray.700"
          >
            {prefix}
          </Box>
          <Box flex="1" css={{ '& input': { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 } }}>
            {control}
          </Box>
        </Box>
      ) : (
        control
      )}
      {helper && !error ? <Field.HelperText color="gray.600">{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
