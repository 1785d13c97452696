import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { minutesOfDay, parseAmount, PSQI_MAX_LATENCY_MINUTES, PSQI_MAX_SLEEP_HOURS } from '../../../../machines/questionnaire-scoring';
import { ChoiceOption } from './ChoiceOption';
import type { AmountQuestion, ChoiceQuestion, Question, TimeQuestion } from '@/lib/questionnaire-texts';

export interface AnswerProps {
  question: Question;
  answers: Record<string, unknown>;
  onAnswer: (item: string, value: unknown) => void;
  /** Why the question needs attention, shown under it. */
  problem?: string | undefined;
  /** The question's heading element, for moving focus to it. */
  headingRef?: React.Ref<HTMLElement>;
}

/** The question as the form prints it: its number, the stem it sits under, the prompt and its note. */
function Prompt({ question, id, headingRef }: { question: Question; id: string; headingRef?: React.Ref<HTMLElement> | undefined }) {
  return (
    <Box>
      {question.group ? (
        <Text color="gray.700" fontSize="sm" mb="1">
          {question.group}
        </Text>
      ) : null}
      <Text id={id} fontWeight="semibold" fontSize={{ base: 'lg', md: 'md' }} tabIndex={-1} ref={headingRef as React.Ref<HTMLParagraphElement>} outline="none">
        <Box as="span" color="brand.700" me="2">
          {question.number}.
        </Box>
        {question.prompt}
      </Text>
      {question.note ? (
        <Text color="gray.700" fontSize="sm" mt="1">
          {question.note}
        </Text>
      ) : null}
    </Box>
  );
}

function Problem({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <Text id={id} color="red.700" fontSize="sm" role="alert">
      {children}
    </Text>
  );
}

export function QuestionInput(props: AnswerProps) {
  switch (props.question.kind) {
    case 'choice':
      return <ChoiceInput {...props} question={props.question} />;
    case 'time':
      return <TimeInput {...props} question={props.question} />;
    case 'amount':
      return <AmountInput {...props} question={props.question} />;
  }
}

function ChoiceInput({ question, answers, onAnswer, problem, headingRef }: AnswerProps & { question: ChoiceQuestion }) {
  const id = useId();
  const value = answers[question.id];
  return (
    <Box as="fieldset" role="radiogroup" aria-labelledby={`${id}-prompt`} aria-describedby={problem ? `${id}-problem` : undefined} data-question={question.id}>
      <Stack gap="3">
        <Prompt question={question} id={`${id}-prompt`} headingRef={headingRef} />
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }} gap="2">
          {question.choices.map((choice) => {
            return (
              <ChoiceOption
                key={choice.value}
                name={question.id}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onAnswer(question.id, choice.value)}
                label={choice.label}
              />
            );
          })}
        </Box>
        {question.describe ? (
          <Box>
            <chakra.label htmlFor={`${id}-describe`} fontSize="sm" fontWeight="medium">
              {question.describe.label} (optional)
            </chakra.label>
            <Input
              id={`${id}-describe`}
              mt="1"
              maxLength={200}
              value={typeof answers[question.describe.id] === 'string' ? (answers[question.describe.id] as string) : ''}
              onChange={(event) => onAnswer(question.describe!.id, event.target.value)}
            />
          </Box>
        ) : null}
        <Problem id={`${id}-problem`}>{problem}</Problem>
      </Stack>
    </Box>
  );
}

/** A question answered by typing: its prompt, the labelled field (`children` gets the field's id) and its problem. */
function TypedAnswer({
  question,
  headingRef,
  problem,
  label,
  children,
}: {
  question: Question;
  headingRef: AnswerProps['headingRef'];
  problem: string | undefined;
  label: string;
  children: (ids: { input: string; prompt: string; problem: string }) => React.ReactNode;
}) {
  const id = useId();
  const ids = { input: `${id}-input`, prompt: `${id}-prompt`, problem: `${id}-problem` };
  return (
    <Stack gap="3" data-question={question.id}>
      <Prompt question={question} id={ids.prompt} headingRef={headingRef} />
      <Box>
        <chakra.label htmlFor={ids.input} fontSize="sm" fontWeight="medium" display="block">
          {label}
        </chakra.label>
        {children(ids)}
      </Box>
      <Problem id={ids.problem}>{problem}</Problem>
    </Stack>
  );
}

function TimeInput({ question, answers, onAnswer, problem, headingRef }: AnswerProps & { question: TimeQuestion }) {
  const value = typeof answers[question.id] === 'string' ? (answers[question.id] as string) : '';
  return (
    <TypedAnswer question={question} headingRef={headingRef} problem={problem} label={question.label}>
      {(ids) => (
        <Input
          id={ids.input}
          type="time"
          mt="1"
          maxW="44"
          value={value}
          aria-describedby={`${ids.prompt}${problem ? ` ${ids.problem}` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onAnswer(question.id, minutesOfDay(event.target.value) === undefined ? undefined : event.target.value)}
        />
      )}
    </TypedAnswer>
  );
}

function AmountInput({ question, answers, onAnswer, problem, headingRef }: AnswerProps & { question: AmountQuestion }) {
  const saved = answers[question.id];
  const [text, setText] = useState(saved === undefined ? '' : String(saved));
  const limit = question.unit === 'minutes' ? PSQI_MAX_LATENCY_MINUTES : PSQI_MAX_SLEEP_HOURS;
  const amount = parseAmount(text);
  const unreadable = text.trim() !== '' && (amount === undefined || amount > limit);
  const shown = unreadable ? `Enter a number of ${question.unit} up to ${limit}. ${question.hint}` : problem;
  return (
    <TypedAnswer question={question} headingRef={headingRef} problem={shown} label={question.label}>
      {(ids) => (
        <>
          <Input
            id={ids.input}
            mt="1"
            maxW="44"
            inputMode="decimal"
            autoComplete="off"
            maxLength={24}
            value={text}
            aria-describedby={`${ids.input}-hint${shown ? ` ${ids.problem}` : ''}`}
            aria-invalid={shown ? true : undefined}
            onChange={(event) => {
              const next = event.target.value;
              setText(next);
              const parsed = parseAmount(next);
              onAnswer(question.id, parsed === undefined || parsed > limit ? undefined : next.trim());
            }}
          />
          <Text id={`${ids.input}-hint`} color="gray.700" fontSize="sm" mt="1">
            {question.hint}
          </Text>
        </>
      )}
    </TypedAnswer>
  );
}
