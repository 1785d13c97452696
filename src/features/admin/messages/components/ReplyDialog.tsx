import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { useEffect, useRef, useState } from 'react';
import { StaffDialog } from '@/components/staff/StaffDialog';
import { FormAlert } from '@/components/ui/fields';
import type { ContactMessage, ContactReplyInput } from '../api/contact-messages';
import { greetingOf, replySubject, REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from './labels';

interface ReplyDialogProps {
  message: ContactMessage;
  busy: boolean;
  /** Why the call failed, while the dialog stays open. */
  error: string | null;
  onSend: (reply: ContactReplyInput) => void;
  onClose: () => void;
}

const SUBJECT_ID = 'message-reply-subject';
const BODY_ID = 'message-reply-body';

/**
 * The shop's reply to a contact message, in two steps: write it (the subject prefilled with the message's
 * reference), then read the e-mail exactly as the sender will receive it and send it, or go back to change it.
 */
export default function ReplyDialog({ message, busy, error, onSend, onClose }: ReplyDialogProps) {
  const [subject, setSubject] = useState(replySubject(message.reference));
  const [body, setBody] = useState('');
  const [step, setStep] = useState<'write' | 'review'>('write');
  const [refusal, setRefusal] = useState<{ subject?: string; body?: string }>({});
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const title = `Reply to ${message.reference}`;

  // The keyboard follows the step: into the reply to write it, to the send button to confirm, back to change it. In
  // a task of its own, after the dialog has rendered its new step (and its own first focus).
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (step === 'review') sendRef.current?.focus();
      else bodyRef.current?.focus();
    });
    return () => window.clearTimeout(timer);
  }, [step]);
  const keptSubject = subject.replace(/\s+/g, ' ').trim();
  const keptBody = body.trim();

  const review = () => {
    const found = {
      ...(keptSubject === '' ? { subject: 'Give the e-mail a subject.' } : {}),
      ...(keptBody === '' ? { body: 'Write the reply before sending it.' } : {}),
    };
    setRefusal(found);
    if (found.subject) subjectRef.current?.focus();
    else if (found.body) bodyRef.current?.focus();
    else setStep('review');
  };

  const frame =
    step === 'write' ? (
      <>
        <Dialog.Body>
          <Stack gap="4">
            <Text>
              The shop sends your reply by e-mail to {message.name} at{' '}
              <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
                {message.email}
              </Text>
              . It is kept with the message, and an open message is closed as answered.
            </Text>
            <Field.Root invalid={Boolean(refusal.subject)} required>
              <Field.Label htmlFor={SUBJECT_ID}>Subject</Field.Label>
              <Input
                ref={subjectRef}
                id={SUBJECT_ID}
                value={subject}
                maxLength={REPLY_SUBJECT_MAX}
                onChange={(event) => {
                  setSubject(event.target.value);
                  setRefusal(({ body: bodyRefusal }) => (bodyRefusal ? { body: bodyRefusal } : {}));
                }}
                aria-describedby={refusal.subject ? `${SUBJECT_ID}-error` : undefined}
              />
              {refusal.subject ? <Field.ErrorText id={`${SUBJECT_ID}-error`}>{refusal.subject}</Field.ErrorText> : null}
            </Field.Root>
            <Field.Root invalid={Boolean(refusal.body)} required>
              <Field.Label htmlFor={BODY_ID}>Your reply</Field.Label>
              <Textarea
                ref={bodyRef}
                recipe={textareaRecipe}
                id={BODY_ID}
                value={body}
                onChange={(event) => {
                  setBody(event.target.value);
                  setRefusal(({ subject: subjectRefusal }) => (subjectRefusal ? { subject: subjectRefusal } : {}));
                }}
                maxLength={REPLY_BODY_MAX}
                rows={8}
                aria-describedby={`${BODY_ID}-help${refusal.body ? ` ${BODY_ID}-error` : ''}`}
              />
              <Field.HelperText id={`${BODY_ID}-help`} color="gray.700">
                The e-mail begins “{greetingOf(message.name)}” and signs off for the care team; it does not quote their message.{' '}
                {body.length}/{REPLY_BODY_MAX} characters.
              </Field.HelperText>
              {refusal.body ? <Field.ErrorText id={`${BODY_ID}-error`}>{refusal.body}</Field.ErrorText> : null}
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer flexWrap="wrap">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand">
            Review the e-mail
          </Button>
        </Dialog.Footer>
      </>
    ) : (
      <>
        <Dialog.Body>
          <Stack gap="3">
            <Text>This is the e-mail {message.name} will receive. Send it, or go back to change it.</Text>
            <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm" data-testid="reply-envelope">
              <Text as="dt" color="gray.700">
                To
              </Text>
              <Text as="dd" overflowWrap="anywhere">
                {message.email}
              </Text>
              <Text as="dt" color="gray.700">
                Subject
              </Text>
              <Text as="dd" overflowWrap="anywhere" fontWeight="semibold">
                {keptSubject}
              </Text>
            </Box>
            <Box
              as="figure"
              aria-label="The e-mail’s text"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="md"
              p="4"
              bg="gray.50"
              data-testid="reply-preview"
            >
              <Text mb="3">{greetingOf(message.name)}</Text>
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mb="3">
                {keptBody}
              </Text>
              <Text mb="3">The Gut360 Health care team</Text>
              <Text fontSize="sm" color="gray.700">
                Your reference: {message.reference}
              </Text>
            </Box>
            {error ? <FormAlert>{error}</FormAlert> : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer flexWrap="wrap">
          <Button variant="outline" onClick={() => setStep('write')} disabled={busy}>
            Change the reply
          </Button>
          <Button ref={sendRef} type="submit" colorPalette="brand" loading={busy} loadingText="Sending…">
            Send reply
          </Button>
        </Dialog.Footer>
      </>
    );

  return (
    <StaffDialog
      title={step === 'write' ? title : `Send this reply to ${message.reference}?`}
      busy={busy}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
      onSubmit={() => {
        if (step === 'write') review();
        else if (!busy) onSend({ subject: keptSubject, body: keptBody });
      }}
      closeLabel="Close the dialog"
      testId="reply-dialog"
    >
      {frame}
    </StaffDialog>
  );
}
