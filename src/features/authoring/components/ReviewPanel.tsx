/**
 * Where a piece stands in its review (machines/content-review.ts): its state, the reviewer's comment for its author,
 * the steps the server says the person may take now (`allowedSteps`), and the history of the steps taken.
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useState } from 'react';
import { CONTENT_REVIEW_LABELS } from '../../../../machines/content-review';
import { FormAlert } from '@/components/ui/fields';
import { notify } from '@/components/ui/notices';
import { ApiError } from '@/lib/api-client';
import { AUTHOR_ROLE_LABEL } from '@/lib/content';
import { formatShopDateTime } from '@/lib/dates';
import { useReviewStep, type AuthoringItem, type ContentState, type ReviewStep } from '../api/authoring';
import { problemsFromServer, type DraftProblems } from '../draft';
import { STEP_BUSY, STEP_BUTTON, STEP_DONE, STEP_ORDER } from '../review-words';

const RequestChangesDialog = lazy(() => import('./RequestChangesDialog'));

export const STATE_PALETTE: Record<ContentState, string> = {
  draft: 'gray',
  submitted: 'blue',
  changesRequested: 'orange',
  approved: 'green',
  published: 'green',
  unpublished: 'gray',
};

interface ReviewPanelProps {
  item: AuthoringItem;
  /** Saves what is waiting before the piece is submitted; false when it could not be saved. */
  saveFirst: () => Promise<boolean>;
  /** Problems the server found at the fields (a submission of an incomplete piece). */
  onProblems: (problems: DraftProblems) => void;
  /** The piece changed under the page (a step refused for its state): read it again. */
  onStale: () => void;
}

/** What the step the server refused means, for the person who asked. */
function refusalOf(error: unknown, onProblems: (problems: DraftProblems) => void): string {
  if (!(error instanceof ApiError)) return 'The step could not be taken. Please try again.';
  if (error.status === 400 && error.fields) {
    const { problems, unplaced } = problemsFromServer(error.fields);
    onProblems(problems);
    return [error.message, ...unplaced].join(' ');
  }
  return error.message;
}

function History({ history }: { history: AuthoringItem['history'] }) {
  return (
    <Box as="section" aria-labelledby="review-history-heading" mt="6">
      <Heading as="h3" id="review-history-heading" size="md" mb="2">
        History
      </Heading>
      {history.length === 0 ? (
        <Text color="gray.700">No review step yet.</Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap="3" data-testid="review-history">
          {history.map((event, index) => (
            <Box as="li" key={`${event.at}-${index}`} borderInlineStartWidth="3px" borderColor="gray.200" ps="3">
              <Text fontWeight="medium">{STEP_DONE[event.step]}</Text>
              <Text fontSize="sm" color="gray.700">
                {event.by.name}, {AUTHOR_ROLE_LABEL[event.by.role]} · <time dateTime={event.at}>{formatShopDateTime(event.at)}</time>
              </Text>
              {event.comment ? (
                <Text fontSize="sm" color="gray.800" whiteSpace="pre-line" mt="1">
                  “{event.comment}”
                </Text>
              ) : null}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function ReviewPanel({ item, saveFirst, onProblems, onStale }: ReviewPanelProps) {
  const review = useReviewStep(item._id);
  const [pending, setPending] = useState<ReviewStep | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [askingForChanges, setAskingForChanges] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const steps = STEP_ORDER.filter((step) => item.allowedSteps.includes(step));

  const take = async (step: ReviewStep, comment?: string): Promise<boolean> => {
    setRefusal(null);
    setPending(step);
    try {
      if (step === 'submit' && !(await saveFirst())) {
        setRefusal('The latest changes could not be saved, so the piece was not submitted. See the save status above, then try again.');
        return false;
      }
      const answer = await review.mutateAsync(comment === undefined ? { step } : { step, comment });
      onProblems({});
      notify.success(`${STEP_DONE[step]}: it is now “${CONTENT_REVIEW_LABELS[answer.state]}”.`);
      return true;
    } catch (error) {
      const message = refusalOf(error, onProblems);
      if (step === 'requestChanges') setDialogError(message);
      else setRefusal(message);
      if (error instanceof ApiError && error.status === 409) onStale();
      return false;
    } finally {
      setPending(null);
    }
  };

  return (
    <Box as="section" aria-labelledby="review-heading" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4" data-testid="review-panel">
      <Heading as="h2" id="review-heading" size="lg" mb="3">
        Review
      </Heading>
      <Flex align="center" gap="2" wrap="wrap" mb="3">
        <Text color="gray.700">State:</Text>
        <Badge colorPalette={STATE_PALETTE[item.state]} size="lg" data-testid="review-state">
          {CONTENT_REVIEW_LABELS[item.state]}
        </Badge>
      </Flex>

      {item.state === 'changesRequested' && item.reviewComment ? (
        <Box
          role="note"
          aria-labelledby="review-comment-heading"
          bg="orange.50"
          borderWidth="1px"
          borderColor="orange.300"
          borderInlineStartWidth="4px"
          rounded="md"
          p="3"
          mb="4"
          data-testid="review-comment"
        >
          <Text id="review-comment-heading" fontWeight="semibold" color="orange.900" mb="1">
            {item.isAuthor ? 'The reviewer asks you to change this' : 'Changes asked for'}
          </Text>
          <Text color="gray.900" whiteSpace="pre-line">
            {item.reviewComment}
          </Text>
          {item.isAuthor ? (
            <Text fontSize="sm" color="gray.800" mt="2">
              Make the changes, then submit it again.
            </Text>
          ) : null}
        </Box>
      ) : null}

      {steps.length > 0 ? (
        <Flex gap="2" wrap="wrap" data-testid="review-steps">
          {steps.map((step) => (
            <Button
              key={step}
              colorPalette={step === 'requestChanges' ? 'orange' : step === 'withdraw' || step === 'unpublish' ? 'gray' : 'brand'}
              variant={step === 'withdraw' || step === 'unpublish' ? 'outline' : 'solid'}
              loading={pending === step}
              loadingText={STEP_BUSY[step]}
              disabled={pending !== null && pending !== step}
              onClick={() => {
                if (step === 'requestChanges') {
                  setDialogError(null);
                  setAskingForChanges(true);
                } else {
                  void take(step);
                }
              }}
            >
              {STEP_BUTTON[step]}
            </Button>
          ))}
        </Flex>
      ) : (
        <Text color="gray.700">There is no review step for you to take now.</Text>
      )}
      {refusal ? (
        <Box mt="3">
          <FormAlert>{refusal}</FormAlert>
        </Box>
      ) : null}

      <History history={item.history} />

      {askingForChanges ? (
        <Suspense fallback={null}>
          <RequestChangesDialog
            title={item.title}
            authorName={item.author.name}
            busy={pending === 'requestChanges'}
            error={dialogError}
            onClose={() => setAskingForChanges(false)}
            onConfirm={(comment) =>
              void take('requestChanges', comment).then((done) => {
                if (done) setAskingForChanges(false);
              })
            }
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
