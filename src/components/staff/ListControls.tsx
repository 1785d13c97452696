/**
 * What every staff list has around its table: filters as labelled native selects, a search box that searches on
 * the server when submitted, and the pager. Each changes the page's address, which the list is read from.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { ChevronDownIcon } from '@/components/layout/icons';
import { formatIndianNumber } from '../../../machines/indian-numbers';

export function formatCount(value: number): string {
  return formatIndianNumber(value);
}

/** A filter of a list: a native select, labelled, that applies as soon as it is changed. */
export function FilterSelect<Value extends string>({
  id,
  label,
  value,
  values,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  value: Value;
  values: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value) => void;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }} minW={{ sm: '12rem' }}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Box position="relative" w="full">
        <Input asChild pe="10">
          <select id={id} value={value} onChange={(event) => onChange(event.target.value as Value)}>
            {values.map((option) => (
              <option key={option} value={option}>
                {labels[option]}
              </option>
            ))}
          </select>
        </Input>
        <Box position="absolute" insetEnd="3" top="50%" transform="translateY(-50%)" pointerEvents="none" color="gray.600">
          <ChevronDownIcon size={16} />
        </Box>
      </Box>
    </Field.Root>
  );
}

/** A date filter (a day in India), applied as soon as a whole date is chosen or the field is cleared. */
export function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        onChange={(event) => {
          const next = event.target.value;
          if (next === '' || /^\d{4}-\d{2}-\d{2}$/.test(next)) onChange(next || undefined);
        }}
      />
    </Field.Root>
  );
}

/** Searches when submitted (Enter or the button); the address keeps what was searched for. */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
  maxLength = 100,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  maxLength?: number;
}) {
  const [draft, setDraft] = useState(value ?? '');
  // Another address (back, a link) brings its own search into the box.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value ?? '');
  }
  return (
    <Box
      as="form"
      role="search"
      aria-label={label}
      flex="1"
      minW={{ base: 'full', md: '18rem' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim() || undefined);
      }}
    >
      <Field.Root>
        <Field.Label htmlFor={id}>{label}</Field.Label>
        <Flex gap="2" w="full">
          <Input
            id={id}
            type="search"
            value={draft}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="solid" colorPalette="brand">
            Search
          </Button>
        </Flex>
      </Field.Root>
    </Box>
  );
}

/** Previous and Next around "21–40 of 57"; the page is in the address, so back and reload keep the place. */
export function Pager({
  label,
  page,
  pageSize,
  shown,
  total,
  onPage,
}: {
  /** Names the navigation, e.g. "Pages of customers". */
  label: string;
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return (
    <Flex as="nav" aria-label={label} align="center" justify="space-between" gap="3" mt="4" wrap="wrap">
      <Text data-testid="list-range">
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </Text>
      <Flex gap="2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
