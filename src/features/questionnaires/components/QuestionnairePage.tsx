import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import {
  questionnaireMachine,
  type QuestionnaireDraft,
  type QuestionnaireSnapshot,
  type SaveInput,
  type SavedResult,
} from '../../../../machines/questionnaire';
import { scoreQuestionnaire, type QuestionnaireResult } from '../../../../machines/questionnaire-scoring';
import { ContentPage } from '@/components/layout/Prose';
import { FormAlert } from '@/components/ui/fields';
import { useAuthState } from '@/lib/actors-context';
import { savePreviousPage } from '@/lib/storage';
import { useMounted } from '@/lib/use-mounted';
import { useShopMachine } from '@/lib/use-shop-machine';
import { useEarlyQuery, useQueriesHandle } from '@/lib/queries-context';
import {
  myQuestionnaireResultsQueryOptions,
  noQuestionnaireResultsQueryOptions,
  questionnaireOffersQueryOptions,
  saveQuestionnaireResult,
} from '../api/questionnaires';
import { answerText, stepsOf, type InstrumentText, type Question } from '@/lib/questionnaire-texts';
import { QuestionInput } from './QuestionInputs';
import { GUT_SENS_CODE, kitsQueryOptions, noKitsQueryOptions } from '@/lib/kits';
import { ResultExplained } from './ResultExplained';

const DRAFT_PREFIX = 'questionnaire-draft:';
const WIDE = '(min-width: 48em)';

/** The unfinished questionnaire of this tab: it survives a reload and a sign-in, and goes with the tab. */
function readDraft(text: InstrumentText): QuestionnaireDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + text.instrument);
    const draft = raw ? (JSON.parse(raw) as Partial<QuestionnaireDraft>) : null;
    if (!draft || typeof draft.answers !== 'object' || draft.answers === null || typeof draft.index !== 'number') return null;
    const stage = draft.stage === 'review' || draft.stage === 'result' ? draft.stage : 'questions';
    return { answers: draft.answers, index: draft.index, stage };
  } catch {
    return null;
  }
}

function writeDraft(text: InstrumentText, draft: QuestionnaireDraft | null): void {
  try {
    if (draft) sessionStorage.setItem(DRAFT_PREFIX + text.instrument, JSON.stringify(draft));
    else sessionStorage.removeItem(DRAFT_PREFIX + text.instrument);
  } catch {
    // Storage can be disabled; the questionnaire still works, without resuming.
  }
}

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the whole form fits: every question at once on a wide screen, one at a time on a phone. */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/** /questionaire/gad7 and /questionaire/psqi. */
export function QuestionnairePage({ text }: { text: InstrumentText }) {
  const mounted = useMounted();
  // A public page: it renders before TanStack Query has loaded, and reads its queries as they arrive.
  const offers = useEarlyQuery(questionnaireOffersQueryOptions);
  const offered = offers.data?.find((offer) => offer.instrument === text.instrument)?.offered;
  return (
    <ContentPage title={text.title} description={text.description} path={text.path} lead={text.name}>
      {offered === false ? (
        <NotOffered text={text} />
      ) : mounted ? (
        <Questionnaire text={text} />
      ) : (
        <Intro text={text} onStart={undefined} />
      )}
      <Source text={text} />
    </ContentPage>
  );
}

function NotOffered({ text }: { text: InstrumentText }) {
  return (
    <Box role="status" borderWidth="1px" borderColor="gray.300" rounded="lg" p="5" data-testid="questionnaire-not-offered">
      <Heading as="h2" size="lg" mb="2">
        The {text.shortName} is not offered at present
      </Heading>
      <Text color="gray.800">
        We are waiting for its copyright holder’s permission to use it in our shop. Meanwhile you can take the{' '}
        <ChakraLink asChild color="brand.700" textDecoration="underline">
          <Link to="/questionaire/gad7">GAD-7 anxiety questionnaire</Link>
        </ChakraLink>
        , or read about sleep and the gut on{' '}
        <ChakraLink asChild color="brand.700" textDecoration="underline">
          <Link to="/science/sens">Sleep, Energy &amp; Stress</Link>
        </ChakraLink>
        .
      </Text>
    </Box>
  );
}

function Source({ text }: { text: InstrumentText }) {
  return (
    <Box as="footer" mt="12" pt="4" borderTopWidth="1px" borderColor="gray.200" fontSize="sm" color="gray.700">
      <Text>
        Source: {text.source}{' '}
        <ChakraLink href={`https://doi.org/${text.doi}`} color="brand.700" textDecoration="underline" rel="noopener noreferrer" target="_blank">
          doi:{text.doi}
        </ChakraLink>
      </Text>
      <Text mt="2">{text.copyright}</Text>
    </Box>
  );
}

function Intro({ text, onStart }: { text: InstrumentText; onStart: (() => void) | undefined }) {
  const scored = text.questions.filter((question) => !question.optional).length;
  return (
    <Stack gap="4" data-testid="questionnaire-intro">
      <Text color="gray.800">{text.instructions}</Text>
      <Text color="gray.800">
        {text.questions.length} questions ({scored} of them scored), about {text.minutes} minutes. Anyone can take it; your result is
        shown at once. Signed in, you can keep it in your history, where your doctor and nutritionist at Gut360 Health can see it.
      </Text>
      <Text color="gray.800">It screens and measures; it does not diagnose.</Text>
      <Box>
        <Button colorPalette="brand" size="lg" onClick={onStart} disabled={!onStart}>
          Start the {text.shortName}
        </Button>
      </Box>
    </Stack>
  );
}

function Questionnaire({ text }: { text: InstrumentText }) {
  const auth = useAuthState();
  const signedIn = auth.login;
  const history = useEarlyQuery(signedIn ? myQuestionnaireResultsQueryOptions : noQuestionnaireResultsQueryOptions);
  const queries = useQueriesHandle();
  const steps = useMemo(() => stepsOf(text), [text]);
  const machine = useMemo(
    () =>
      questionnaireMachine.provide({
        actors: {
          save: fromPromise<SavedResult, SaveInput>(async ({ input }) => {
            const saved = await saveQuestionnaireResult(text.instrument, input.answers, input.consent);
            await (await queries.ready).invalidateQueries({ queryKey: myQuestionnaireResultsQueryOptions.queryKey });
            return saved;
          }),
        },
      }),
    [text, queries],
  );
  const [initialDraft] = useState(() => readDraft(text));
  const [snapshot, send] = useShopMachine(machine, { input: { steps, signedIn, draft: initialDraft } });

  useEffect(() => {
    // A consent on record counts; none on record leaves a box the person may have ticked meanwhile as it is.
    send({ type: 'questionnaire.session', signedIn, ...(history.data?.consent ? { consent: true } : {}) });
  }, [send, signedIn, history.data]);

  useEffect(() => {
    const stage = snapshot.matches('review') || snapshot.matches('submitting') ? 'review' : snapshot.matches('result') || snapshot.matches('saving') ? 'result' : 'questions';
    const keep = !snapshot.matches('intro') && !snapshot.matches('restoring') && snapshot.context.saved === null;
    writeDraft(text, keep ? { answers: snapshot.context.answers, index: snapshot.context.index, stage } : null);
  }, [snapshot, text]);

  if (snapshot.matches('intro') || snapshot.matches('restoring')) return <Intro text={text} onStart={() => send({ type: 'questionnaire.start' })} />;
  if (snapshot.matches('questions')) return <Questions text={text} snapshot={snapshot} send={send} />;
  const consentOnRecord = history.data?.consent === true;
  if (snapshot.matches('review') || snapshot.matches('submitting')) {
    return <Review text={text} snapshot={snapshot} send={send} consentOnRecord={consentOnRecord} />;
  }
  return <ResultView text={text} snapshot={snapshot} send={send} loadingSession={auth.loading} consentOnRecord={consentOnRecord} />;
}

/**
 * A new step starts at the top of the page (title, progress, question) with the focus on its heading, so that
 * keyboard and screen-reader users start there and nothing hides under the sticky header.
 */
function startAt(element: HTMLElement | null): void {
  if (!element) return;
  window.scrollTo({ top: 0 });
  element.focus({ preventScroll: true });
}

type Send = ReturnType<typeof useShopMachine<typeof questionnaireMachine>>[1];

interface StageProps {
  text: InstrumentText;
  snapshot: QuestionnaireSnapshot;
  send: Send;
}

/** Why a question needs attention: unanswered after asking to review, or an answer the scoring cannot read. */
function problemsOf(text: InstrumentText, snapshot: QuestionnaireSnapshot): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const index of snapshot.context.unanswered) {
    const question = text.questions[index];
    if (question) problems[question.id] = 'Please answer this question.';
  }
  const scored = scoreQuestionnaire(text.instrument, snapshot.context.answers);
  if (scored.instrument === 'psqi' && scored.problems.wakeTime === 'no-time-in-bed') {
    problems.wakeTime = 'Your getting-up time is the same as your bed time. Please check both.';
  }
  return problems;
}

function Progress({ index, total }: { index: number; total: number }) {
  const percent = Math.round(((index + 1) / total) * 100);
  return (
    <Box>
      <Text fontSize="sm" color="gray.700" mb="1" aria-hidden="true">
        Question {index + 1} of {total}
      </Text>
      <Box
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-valuetext={`Question ${index + 1} of ${total}`}
        h="2"
        bg="gray.200"
        rounded="full"
        overflow="hidden"
      >
        <Box h="full" bg="brand.600" width={`${percent}%`} transition="width 0.2s" />
      </Box>
    </Box>
  );
}

function Questions({ text, snapshot, send }: StageProps) {
  const wide = useWide();
  const problems = problemsOf(text, snapshot);
  const answer = (item: string, value: unknown) => send({ type: 'questionnaire.answer', item, value });
  const heading = useRef<HTMLElement>(null);
  const { index, error } = snapshot.context;
  // Each new question takes the focus, so that keyboard and screen-reader users start on it.
  useEffect(() => {
    if (!wide) startAt(heading.current);
  }, [index, wide]);

  if (wide) {
    return (
      <Box
        as="form"
        aria-label={text.title}
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          send({ type: 'questionnaire.review' });
        }}
      >
        <Stack gap="8">
          <Text color="gray.800">{text.instructions}</Text>
          {error ? <FormAlert>{error}</FormAlert> : null}
          {text.questions.map((question) => (
            <QuestionBlock key={question.id} question={question} answers={snapshot.context.answers} onAnswer={answer} problem={problems[question.id]} />
          ))}
          <Box display="flex" gap="3">
            <Button type="submit" colorPalette="brand" size="lg">
              Review my answers
            </Button>
          </Box>
        </Stack>
      </Box>
    );
  }

  const question = text.questions[index]!;
  const last = index === text.questions.length - 1;
  return (
    <Box
      as="form"
      aria-label={text.title}
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        send({ type: 'questionnaire.next' });
      }}
    >
      <Stack gap="6">
        <Progress index={index} total={text.questions.length} />
        <QuestionInput
          key={question.id}
          question={question}
          answers={snapshot.context.answers}
          onAnswer={answer}
          problem={error ?? problems[question.id]}
          headingRef={heading}
        />
        <Box display="flex" gap="3" justifyContent="space-between">
          <Button type="button" variant="outline" onClick={() => send({ type: 'questionnaire.back' })}>
            Back
          </Button>
          <Button type="submit" colorPalette="brand">
            {last ? 'Review my answers' : question.optional && snapshot.context.answers[question.id] === undefined ? 'Skip' : 'Next'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function QuestionBlock(props: { question: Question; answers: Record<string, unknown>; onAnswer: (item: string, value: unknown) => void; problem: string | undefined }) {
  return (
    <Box pb="6" borderBottomWidth="1px" borderColor="gray.100">
      <QuestionInput {...props} />
    </Box>
  );
}

function ConsentBox({ snapshot, send }: { snapshot: QuestionnaireSnapshot; send: Send }) {
  const id = useId();
  return (
    <Flex gap="3" align="flex-start">
      <input
        id={id}
        type="checkbox"
        checked={snapshot.context.consent}
        onChange={(event) => send({ type: 'questionnaire.consent', given: event.target.checked })}
        style={{ width: '1.25rem', height: '1.25rem', marginTop: '0.15rem', flexShrink: 0, accentColor: '#1a7041' }}
      />
      <Text asChild color="gray.900" cursor="pointer">
        <label htmlFor={id}>
          Keep my questionnaire results in my account, where my doctor and nutritionist at Gut360 Health can see them. I can
          withdraw this at any time in Privacy and data, which erases them.
        </label>
      </Text>
    </Flex>
  );
}

function Review({ text, snapshot, send, consentOnRecord }: StageProps & { consentOnRecord: boolean }) {
  const submitting = snapshot.matches('submitting');
  const { signedIn, consent, error } = snapshot.context;
  const problems = problemsOf(text, snapshot);
  const blocked = Object.keys(problems).length > 0;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => startAt(heading.current), []);
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl" tabIndex={-1} ref={heading} outline="none">
        Check your answers
      </Heading>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Box as="dl" display="grid" gap="0">
        {text.questions.map((question, index) => (
          <Box key={question.id} display="grid" gridTemplateColumns={{ base: '1fr auto', md: '3fr 2fr auto' }} gap="2" py="3" borderTopWidth="1px" borderColor="gray.200" alignItems="center">
            <Box as="dt" gridColumn={{ base: '1 / -1', md: 'auto' }} color="gray.800" fontSize="sm">
              {question.number}. {question.prompt}
            </Box>
            <Box as="dd" fontWeight="semibold" color={problems[question.id] ? 'red.700' : undefined} data-testid={`answer-${question.id}`}>
              {problems[question.id] ?? answerText(question, snapshot.context.answers)}
            </Box>
            <Box as="dd">
              <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => send({ type: 'questionnaire.goTo', index })} aria-label={`Change the answer to question ${question.number}`} disabled={submitting}>
                Change
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
      {signedIn ? (
        consentOnRecord ? (
          <Text color="gray.800">Your result will be kept in your history, as you agreed.</Text>
        ) : (
          <ConsentBox snapshot={snapshot} send={send} />
        )
      ) : (
        <Text color="gray.800">You are not signed in: you will see your result at once, and can sign in then to keep it.</Text>
      )}
      <Box display="flex" gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => send({ type: 'questionnaire.back' })} disabled={submitting}>
          Back
        </Button>
        <Button colorPalette="brand" size="lg" loading={submitting} loadingText="Saving…" disabled={blocked} onClick={() => send({ type: 'questionnaire.submit' })}>
          {signedIn && consent ? 'Save and see my result' : 'See my result'}
        </Button>
      </Box>
    </Stack>
  );
}

function ResultView({ text, snapshot, send, loadingSession, consentOnRecord }: StageProps & { loadingSession: boolean; consentOnRecord: boolean }) {
  const router = useRouter();
  const { saved, signedIn, consent, error } = snapshot.context;
  const result = scoreQuestionnaire(text.instrument, snapshot.context.answers) as QuestionnaireResult;
  // Someone who already has a Gut SEnS kit is not offered one.
  const kits = useEarlyQuery(signedIn ? kitsQueryOptions : noKitsQueryOptions);
  const hasGutSens = kits.data?.some((kit) => kit.code === GUT_SENS_CODE && kit.claim !== 'activatedByAnother') ?? false;
  const saving = snapshot.matches('saving');
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => startAt(heading.current), []);
  return (
    <Stack gap="6">
      <Box ref={heading} tabIndex={-1} outline="none" data-testid="questionnaire-result">
        <ResultExplained result={result} hasGutSens={hasGutSens} />
      </Box>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {saved ? (
        <FormAlert tone="success">
          Saved to your history. You will find it on{' '}
          <ChakraLink asChild color="green.800" textDecoration="underline">
            <Link to="/user/dashboard">your dashboard</Link>
          </ChakraLink>
          .
        </FormAlert>
      ) : loadingSession ? (
        <Spinner size="sm" aria-label="Checking whether you are signed in" />
      ) : signedIn ? (
        <Stack gap="3" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4">
          <Text fontWeight="semibold">Keep this result in your history?</Text>
          {consentOnRecord ? null : <ConsentBox snapshot={snapshot} send={send} />}
          <Box>
            <Button colorPalette="brand" loading={saving} loadingText="Saving…" disabled={!consent} onClick={() => send({ type: 'questionnaire.save' })}>
              Save to my history
            </Button>
          </Box>
        </Stack>
      ) : (
        <Stack gap="3" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4">
          <Text>Sign in or create an account to keep this result and follow your scores over time. Your answers stay here meanwhile.</Text>
          <Box>
            <Button
              colorPalette="brand"
              onClick={() => {
                savePreviousPage(text.path);
                void router.navigate({ to: '/login' });
              }}
            >
              Sign in to keep my result
            </Button>
          </Box>
        </Stack>
      )}
      <Box display="flex" gap="3" flexWrap="wrap">
        {saved ? null : (
          <Button variant="outline" onClick={() => send({ type: 'questionnaire.goTo', index: 0 })}>
            Change my answers
          </Button>
        )}
        <Button variant="outline" onClick={() => send({ type: 'questionnaire.restart' })}>
          Take it again
        </Button>
      </Box>
    </Stack>
  );
}
