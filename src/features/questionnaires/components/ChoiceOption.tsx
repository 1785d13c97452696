import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import type { ChangeEvent } from 'react';

const NativeInput = chakra('input');

/** One answer of a question as a bordered box: the native radio button or checkbox, labelled by the answer's text. */
export function ChoiceOption({
  type = 'radio',
  name,
  value,
  checked,
  onChange,
  invalid,
  label,
}: {
  type?: 'radio' | 'checkbox';
  name: string;
  value: string | number;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Marks the input as refused (aria-invalid). */
  invalid?: boolean | undefined;
  label: string;
}) {
  return (
    <Box
      as="label"
      display="flex"
      alignItems="center"
      gap="3"
      px="3"
      py={{ base: '3', md: '2' }}
      minH="11"
      borderWidth="1px"
      rounded="md"
      cursor="pointer"
      borderColor={checked ? 'brand.600' : 'gray.300'}
      bg={checked ? 'brand.50' : 'white'}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' }}
    >
      <NativeInput
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-invalid={invalid ? true : undefined}
        accentColor="var(--chakra-colors-brand-700)"
        width="4"
        height="4"
        flexShrink={0}
      />
      <Text fontSize="sm">{label}</Text>
    </Box>
  );
}
