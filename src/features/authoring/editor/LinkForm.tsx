import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { useEffect, useId, useRef, useState } from 'react';
import { webAddressOf } from './link-rules';

interface LinkFormProps {
  /** The address of the link at the cursor, when there is one. */
  initial: string;
  canRemove: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}

/** Asks for a link's address: web pages only (http or https). Enter applies it, Escape goes back to the text. */
export function LinkForm({ initial, canRemove, onApply, onRemove, onCancel }: LinkFormProps) {
  const id = useId();
  const [address, setAddress] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // Opened to type an address: the field takes the cursor at once.
  useEffect(() => field.current?.focus(), []);
  const apply = () => {
    const href = webAddressOf(address);
    if (href) onApply(href);
    else setProblem('Enter a web address starting with https:// or http://, e.g. https://www.who.int/.');
  };
  return (
    <Box asChild p="3" borderBottomWidth="1px" borderColor="gray.200" bg="gray.50">
      <form
        noValidate
        aria-label="Link"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <Field.Root invalid={Boolean(problem)}>
          <Field.Label htmlFor={id}>Link address</Field.Label>
          <Flex gap="2" wrap="wrap" w="full">
            <Input
              id={id}
              flex="1"
              minW="12rem"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              value={address}
              ref={field}
              onChange={(event) => {
                setAddress(event.target.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  onCancel();
                }
              }}
            />
            <Button type="submit" size="sm" h="10" colorPalette="brand">
              Apply link
            </Button>
            {canRemove ? (
              <Button type="button" size="sm" h="10" variant="outline" onClick={onRemove}>
                Remove link
              </Button>
            ) : null}
            <Button type="button" size="sm" h="10" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </Flex>
          {problem ? <Field.ErrorText color="red.700">{problem}</Field.ErrorText> : null}
        </Field.Root>
      </form>
    </Box>
  );
}
