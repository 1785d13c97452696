import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { LIMITS, normaliseTag, tagProblem } from '../draft';

interface TagsFieldProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  readOnly: boolean;
  error: string | undefined;
}

/**
 * Tags typed with commas between them: each becomes a chip, in lower case, once a comma or Enter ends it (or the
 * field is left). A tag the contract would refuse stays in the field with the reason.
 */
export function TagsField({ tags, onChange, readOnly, error }: TagsFieldProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  /** Adds the tags in `text` and keeps in the field whatever could not be added. */
  const add = (text: string) => {
    const candidates = text.split(',').map(normaliseTag).filter(Boolean);
    const next = [...tags];
    const refused: string[] = [];
    let reason: string | null = null;
    for (const tag of candidates) {
      const wrong = tagProblem(tag) ?? (next.length >= LIMITS.tags && !next.includes(tag) ? `At most ${LIMITS.tags} tags.` : undefined);
      if (wrong) {
        reason ??= wrong;
        refused.push(tag);
      } else if (!next.includes(tag)) {
        next.push(tag);
      }
    }
    if (next.length !== tags.length) onChange(next);
    setTyped(refused.join(', '));
    setProblem(reason);
  };

  const shown = problem ?? error;
  return (
    <Field.Root invalid={Boolean(shown)} readOnly={readOnly}>
      <Field.Label>Tags</Field.Label>
      {tags.length > 0 ? (
        <Box as="ul" aria-label="Tags" listStyleType="none" display="flex" flexWrap="wrap" gap="2" mb="2">
          {tags.map((tag) => (
            <Box
              as="li"
              key={tag}
              display="inline-flex"
              alignItems="center"
              gap="1"
              bg="brand.50"
              borderWidth="1px"
              borderColor="brand.200"
              rounded="full"
              ps="3"
              pe={readOnly ? '3' : '1'}
              py="0.5"
            >
              <Text as="span" fontSize="sm" color="gray.900">
                {tag}
              </Text>
              {readOnly ? null : (
                <Button
                  type="button"
                  size="xs"
                  variant="ghost"
                  rounded="full"
                  aria-label={`Remove the tag ${tag}`}
                  onClick={() => onChange(tags.filter((kept) => kept !== tag))}
                >
                  ×
                </Button>
              )}
            </Box>
          ))}
        </Box>
      ) : null}
      {readOnly ? null : (
        <Input
          value={typed}
          autoComplete="off"
          placeholder="e.g. fibre, ibs, sleep"
          onChange={(event) => {
            const value = event.target.value;
            setProblem(null);
            if (value.includes(',')) add(value);
            else setTyped(value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add(typed);
            }
          }}
          onBlur={() => {
            if (typed.trim()) add(typed);
          }}
        />
      )}
      {shown ? <Field.ErrorText color="red.700">{shown}</Field.ErrorText> : null}
      <Field.HelperText color="gray.700">
        {readOnly
          ? `${tags.length} of ${LIMITS.tags} tags.`
          : `Separate tags with commas; they are kept in lower case. ${tags.length} of ${LIMITS.tags} tags.`}
      </Field.HelperText>
    </Field.Root>
  );
}
