/**
 * The food and lifestyle intake on an activated kit's card of the dashboard (machines/intake.ts): the call to answer
 * it until it is answered, four short steps, the review, and the answers kept, which can be changed until the lab
 * receives the sample.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  ANTIBIOTICS_LABELS,
  BOWEL_FREQUENCY_LABELS,
  BRISTOL_LABELS,
  BRISTOL_TYPES,
  CONDITION_LABELS,
  DIET_LABELS,
  FERMENTED_LABELS,
  INTAKE_QUESTIONS,
  INTAKE_STEPS,
  INTAKE_TEXT_LIMITS,
  intakeProblems,
  PROBIOTICS_LABELS,
  type IntakeAnswers,
  type IntakeCondition,
  type IntakeDraft,
  type IntakeField,
} from '../../../../machines/intake-answers';
import { intakeMachine, type IntakeSnapshot, type SavedIntake } from '../../../../machines/intake';
import { FormAlert } from '@/components/ui/fields';
import { formatShopDate } from '@/lib/dates';
import { useShopMachine } from '@/lib/use-shop-machine';
import { kitIntakeQueryOptions, saveKitIntake, type KitIntakeResponse } from './api';
import { ChoiceOption } from '../components/ChoiceOption';
import { AnswerList, INTAKE_TITLE } from './AnswerList';

const STEP_FIELDS = INTAKE_STEPS.map((step) => step.fields as readonly string[]);
type Send = ReturnType<typeof useShopMachine<typeof intakeMachine>>[1];

/** The kit card's part: loads what the server holds for the kit, then runs the flow. */
export function KitIntake({ kitId, kitName }: { kitId: string; kitName: string }) {
  const intake = useQuery(kitIntakeQueryOptions(kitId));
  return (
    <Box as="section" aria-label={`${INTAKE_TITLE} for ${kitName}`} mt="4" borderTopWidth="1px" borderColor="gray.200" pt="4" data-testid="kit-intake">
      {intake.isPending ? (
        <Text color="gray.600" role="status">
          Loading your food and lifestyle questionnaire…
        </Text>
      ) : intake.isError ? (
        <Box role="alert">
          <Text mb="2">We could not load your food and lifestyle questionnaire.</Text>
          <Button size="sm" variant="outline" onClick={() => void intake.refetch()}>
            Try again
          </Button>
        </Box>
      ) : (
        <IntakeFlow kitId={kitId} data={intake.data} />
      )}
    </Box>
  );
}

function IntakeFlow({ kitId, data }: { kitId: string; data: KitIntakeResponse }) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      intakeMachine.provide({
        actors: {
          save: fromPromise<SavedIntake, { answers: Record<string, unknown> }>(async ({ input }) => {
            const saved = await saveKitIntake(kitId, input.answers as IntakeAnswers);
            queryClient.setQueryData(kitIntakeQueryOptions(kitId).queryKey, saved);
            return { answers: saved.intake?.answers ?? input.answers, editable: saved.editable };
          }),
        },
      }),
    [kitId, queryClient],
  );
  const [snapshot, send] = useShopMachine(machine, {
    input: { steps: STEP_FIELDS, saved: (data.intake?.answers as Record<string, unknown> | undefined) ?? null, editable: data.editable },
  });
  const updatedAt = data.intake?.updatedAt;

  if (snapshot.matches('invite')) {
    return (
      <Box bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="md" p="4" data-testid="intake-invite">
        <Heading as="h3" size="sm" mb="1">
          Next: the {INTAKE_TITLE.toLowerCase()}
        </Heading>
        <Text color="gray.800" mb="3">
          The lab reads it with your sample: how you eat, recent antibiotics and medicines, your bowel habits and your health. Four short
          steps, about 3 minutes.
        </Text>
        <Button colorPalette="brand" onClick={() => send({ type: 'intake.start' })}>
          Answer the questionnaire
        </Button>
      </Box>
    );
  }
  if (snapshot.matches('questions')) return <Steps snapshot={snapshot} send={send} />;
  if (snapshot.matches('review') || snapshot.matches('submitting') || snapshot.matches('failed')) return <Review snapshot={snapshot} send={send} />;
  if (snapshot.matches('answered')) {
    const { saved, editable, justSaved } = snapshot.context;
    return (
      <Box data-testid="intake-answered">
        {justSaved ? (
          <Box mb="3">
            <FormAlert tone="success">Your answers are saved. The lab will read them with your sample.</FormAlert>
          </Box>
        ) : null}
        <Heading as="h3" size="sm" mb="1">
          {INTAKE_TITLE}: answered
        </Heading>
        <Text color="gray.700" fontSize="sm" mb="2">
          {updatedAt ? `Last saved ${formatShopDate(updatedAt)}. ` : ''}
          {editable ? 'You can change your answers until the lab receives your sample.' : 'The lab has your sample, so these answers can no longer be changed.'}
        </Text>
        <chakra.details mb="3">
          <chakra.summary cursor="pointer" color="brand.700" fontWeight="medium" py="1">
            Show your answers
          </chakra.summary>
          <AnswerList answers={saved ?? {}} />
        </chakra.details>
        {editable ? (
          <Button variant="outline" colorPalette="brand" size="sm" onClick={() => send({ type: 'intake.edit' })}>
            Change your answers
          </Button>
        ) : null}
      </Box>
    );
  }
  // closed
  const { saved, error } = snapshot.context;
  return (
    <Box data-testid="intake-closed">
      {error ? (
        <Box mb="3">
          <FormAlert>{error}</FormAlert>
        </Box>
      ) : null}
      {saved ? (
        <>
          <Heading as="h3" size="sm" mb="2">
            {INTAKE_TITLE}
          </Heading>
          <AnswerList answers={saved} />
        </>
      ) : (
        <Text color="gray.700" fontSize="sm">
          The {INTAKE_TITLE.toLowerCase()} was not answered for this kit.
        </Text>
      )}
    </Box>
  );
}

function Steps({ snapshot, send }: { snapshot: IntakeSnapshot; send: Send }) {
  const { index, answers, problems, error } = snapshot.context;
  const step = INTAKE_STEPS[index]!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const draft = answers as IntakeDraft;
  const answer = (field: IntakeField, value: unknown) => send({ type: 'intake.answer', field, value });
  const problemOf = (field: IntakeField) => problems[field];

  useEffect(() => {
    headingRef.current?.focus();
  }, [index]);
  useEffect(() => {
    // After a refused step, the first answer to fix takes the focus.
    if (Object.keys(problems).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);

  const next = () => send({ type: 'intake.next', problems: intakeProblems(draft, step.fields) as Record<string, string> });
  const last = index === INTAKE_STEPS.length - 1;
  return (
    <chakra.form
      ref={formRef}
      noValidate
      aria-label={INTAKE_TITLE}
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
      data-testid="intake-step"
    >
      <Text color="gray.700" fontSize="sm" mb="1">
        {INTAKE_TITLE} · Step {index + 1} of {INTAKE_STEPS.length}
      </Text>
      <Box h="1.5" bg="gray.100" rounded="full" mb="3" aria-hidden="true">
        <Box h="full" bg="brand.500" rounded="full" w={`${((index + 1) / INTAKE_STEPS.length) * 100}%`} />
      </Box>
      <Heading as="h3" size="md" mb="3" ref={headingRef} tabIndex={-1} outline="none">
        {step.title}
      </Heading>
      {error ? (
        <Box mb="3">
          <FormAlert>{error}</FormAlert>
        </Box>
      ) : null}
      <Stack gap="5">
        {step.id === 'food' ? (
          <>
            <Choice field="diet" labels={DIET_LABELS} value={draft.diet} onAnswer={answer} problem={problemOf('diet')} />
            <Choice field="fermentedFoods" labels={FERMENTED_LABELS} value={draft.fermentedFoods} onAnswer={answer} problem={problemOf('fermentedFoods')} />
          </>
        ) : null}
        {step.id === 'medicines' ? (
          <>
            <Choice field="antibiotics" labels={ANTIBIOTICS_LABELS} value={draft.antibiotics} onAnswer={answer} problem={problemOf('antibiotics')} columns={3} />
            {draft.antibiotics === 'yes' ? (
              <TextAnswer field="antibioticsWhich" value={draft.antibioticsWhich} onAnswer={answer} problem={problemOf('antibioticsWhich')} />
            ) : null}
            <Choice field="probiotics" labels={PROBIOTICS_LABELS} value={draft.probiotics} onAnswer={answer} problem={problemOf('probiotics')} columns={3} />
            <TextAnswer field="otherMedicines" value={draft.otherMedicines} onAnswer={answer} problem={problemOf('otherMedicines')} hint="For example metformin, thyroxine, antacids or laxatives." />
          </>
        ) : null}
        {step.id === 'bowel' ? (
          <>
            <Choice
              field="bristolType"
              labels={Object.fromEntries(BRISTOL_TYPES.map((type) => [type, `${BRISTOL_LABELS[type]!.name}: ${BRISTOL_LABELS[type]!.description}`]))}
              value={draft.bristolType}
              onAnswer={(field, value) => answer(field, Number(value))}
              problem={problemOf('bristolType')}
              columns={1}
            />
            <Choice field="bowelFrequency" labels={BOWEL_FREQUENCY_LABELS} value={draft.bowelFrequency} onAnswer={answer} problem={problemOf('bowelFrequency')} />
          </>
        ) : null}
        {step.id === 'health' ? (
          <>
            <Conditions value={draft.conditions ?? []} onAnswer={answer} problem={problemOf('conditions')} />
            {draft.conditions?.includes('other') ? (
              <TextAnswer field="otherConditions" value={draft.otherConditions} onAnswer={answer} problem={problemOf('otherConditions')} />
            ) : null}
            <Box display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: '12rem 12rem' }} gap="3">
              <NumberAnswer field="heightCm" value={draft.heightCm} onAnswer={answer} problem={problemOf('heightCm')} />
              <NumberAnswer field="weightKg" value={draft.weightKg} onAnswer={answer} problem={problemOf('weightKg')} />
            </Box>
          </>
        ) : null}
      </Stack>
      <Box display="flex" gap="3" flexWrap="wrap" mt="5">
        {index > 0 ? (
          <Button variant="outline" onClick={() => send({ type: 'intake.back' })}>
            Back
          </Button>
        ) : null}
        <Button type="submit" colorPalette="brand">
          {last ? 'Review your answers' : 'Next'}
        </Button>
        <Button variant="ghost" onClick={() => send({ type: 'intake.cancel' })}>
          Cancel
        </Button>
      </Box>
    </chakra.form>
  );
}

function Problem({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <Text id={id} color="red.700" fontSize="sm" mt="1">
      {children}
    </Text>
  );
}

/** A question with one answer: a fieldset of radio buttons, its legend the question. */
function Choice({
  field,
  labels,
  value,
  onAnswer,
  problem,
  columns = 2,
}: {
  field: IntakeField;
  labels: Record<string, string>;
  value: string | number | undefined;
  onAnswer: (field: IntakeField, value: string) => void;
  problem: string | undefined;
  columns?: number;
}) {
  const id = useId();
  return (
    <chakra.fieldset aria-describedby={problem ? `${id}-problem` : undefined} data-field={field}>
      <chakra.legend fontWeight="semibold" mb="2">
        {INTAKE_QUESTIONS[field]}
      </chakra.legend>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: `repeat(${columns}, 1fr)` }} gap="2">
        {Object.entries(labels).map(([option, label], position) => {
          return (
            <ChoiceOption
              key={option}
              name={`${id}-${field}`}
              value={option}
              checked={value !== undefined && String(value) === option}
              onChange={() => onAnswer(field, option)}
              invalid={Boolean(problem) && position === 0}
              label={label}
            />
          );
        })}
      </Box>
      <Problem id={`${id}-problem`}>{problem}</Problem>
    </chakra.fieldset>
  );
}

function Conditions({ value, onAnswer, problem }: { value: readonly IntakeCondition[]; onAnswer: (field: IntakeField, value: unknown) => void; problem: string | undefined }) {
  const id = useId();
  const toggle = (condition: IntakeCondition, on: boolean) => {
    // "None of these" and a condition exclude each other.
    const next = on ? (condition === 'none' ? ['none'] : [...value.filter((c) => c !== 'none'), condition]) : value.filter((c) => c !== condition);
    onAnswer('conditions', next);
  };
  return (
    <chakra.fieldset aria-describedby={problem ? `${id}-problem` : undefined} data-field="conditions">
      <chakra.legend fontWeight="semibold" mb="2">
        {INTAKE_QUESTIONS.conditions} <chakra.span fontWeight="normal">(choose all that apply)</chakra.span>
      </chakra.legend>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="2">
        {(Object.entries(CONDITION_LABELS) as [IntakeCondition, string][]).map(([condition, label], position) => {
          return (
            <ChoiceOption
              key={condition}
              type="checkbox"
              name={`${id}-conditions`}
              value={condition}
              checked={value.includes(condition)}
              onChange={(event) => toggle(condition, event.target.checked)}
              invalid={Boolean(problem) && position === 0}
              label={label}
            />
          );
        })}
      </Box>
      <Problem id={`${id}-problem`}>{problem}</Problem>
    </chakra.fieldset>
  );
}

function TextAnswer({
  field,
  value,
  onAnswer,
  problem,
  hint,
}: {
  field: 'antibioticsWhich' | 'otherMedicines' | 'otherConditions';
  value: string | undefined;
  onAnswer: (field: IntakeField, value: string) => void;
  problem: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <Box data-field={field}>
      <chakra.label htmlFor={id} fontWeight="semibold" display="block">
        {INTAKE_QUESTIONS[field]}
      </chakra.label>
      {hint ? (
        <Text id={`${id}-hint`} color="gray.700" fontSize="sm">
          {hint}
        </Text>
      ) : null}
      <Input
        id={id}
        mt="1"
        value={value ?? ''}
        maxLength={INTAKE_TEXT_LIMITS[field]}
        onChange={(event) => onAnswer(field, event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
      />
      <Problem id={`${id}-problem`}>{problem}</Problem>
    </Box>
  );
}

function NumberAnswer({ field, value, onAnswer, problem }: { field: 'heightCm' | 'weightKg'; value: number | undefined; onAnswer: (field: IntakeField, value: unknown) => void; problem: string | undefined }) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  return (
    <Box data-field={field}>
      <chakra.label htmlFor={id} fontWeight="semibold" display="block" fontSize="sm">
        {INTAKE_QUESTIONS[field]}
      </chakra.label>
      <Input
        id={id}
        mt="1"
        inputMode="decimal"
        autoComplete="off"
        maxLength={6}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const trimmed = event.target.value.trim().replace(',', '.');
          onAnswer(field, trimmed === '' ? undefined : Number(trimmed));
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <Problem id={`${id}-problem`}>{problem}</Problem>
    </Box>
  );
}

function Review({ snapshot, send }: { snapshot: IntakeSnapshot; send: Send }) {
  const { answers, error } = snapshot.context;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const submitting = snapshot.matches('submitting');
  return (
    <Box data-testid="intake-review">
      <Heading as="h3" size="md" mb="1" ref={headingRef} tabIndex={-1} outline="none">
        Check your answers
      </Heading>
      <Text color="gray.700" fontSize="sm" mb="3">
        {INTAKE_TITLE}: the lab reads these with your sample.
      </Text>
      {error ? (
        <Box mb="3">
          <FormAlert>{error}</FormAlert>
        </Box>
      ) : null}
      <Stack gap="4">
        {INTAKE_STEPS.map((step, index) => (
          <Box key={step.id} borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
            <Box display="flex" justifyContent="space-between" alignItems="center" gap="2" mb="2">
              <Heading as="h4" size="sm">
                {step.title}
              </Heading>
              <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => send({ type: 'intake.goTo', index })} disabled={submitting} aria-label={`Change ${step.title.toLowerCase()}`}>
                Change
              </Button>
            </Box>
            <AnswerList answers={Object.fromEntries((step.fields as readonly string[]).filter((field) => field in answers).map((field) => [field, answers[field]]))} />
          </Box>
        ))}
      </Stack>
      <Box display="flex" gap="3" flexWrap="wrap" mt="4">
        <Button variant="outline" onClick={() => send({ type: 'intake.back' })} disabled={submitting || snapshot.matches('failed')}>
          Back
        </Button>
        <Button colorPalette="brand" loading={submitting} loadingText="Saving…" onClick={() => send({ type: 'intake.submit' })}>
          {snapshot.matches('failed') ? 'Try again' : 'Save your answers'}
        </Button>
      </Box>
    </Box>
  );
}
