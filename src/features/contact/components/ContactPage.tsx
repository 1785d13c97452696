import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { formatIndianNumber } from '../../../../machines/indian-numbers';
import { ContentPage } from '@/components/layout/Prose';
import { FormAlert } from '@/components/ui/fields';
import { firstError, refuseField, useShopForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api-client';
import { CONTACT_TOPICS } from '@/lib/contact-topics';
import { emailSchema, fullnameSchema, optionalMobileSchema } from '@/lib/field-rules';
import { env } from '@/lib/env';
import { site } from '@/lib/site';
import { sendContactMessage, type ContactMessageReceipt, type ContactTopic } from '../api/send-contact-message';

const MESSAGE_MIN = 10;
const MESSAGE_MAX = 3000;
const KEPT = 'What you wrote is still here.';
const NOT_SENT = `We could not send your message. Please try again. ${KEPT}`;

const topicSchema = v.pipe(
  v.string(),
  v.check((value) => CONTACT_TOPICS.some((topic) => topic.value === value), 'Please choose what your message is about.'),
);
const messageSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(MESSAGE_MIN, `Please write a little more: at least ${MESSAGE_MIN} characters.`),
  v.maxLength(MESSAGE_MAX, `Please shorten your message to ${formatIndianNumber(MESSAGE_MAX)} characters.`),
);

const FIELDS = ['name', 'email', 'mobile', 'topic', 'message'] as const;

interface Sent extends ContactMessageReceipt {
  name: string;
  email: string;
}

/** /contact-us: the form, kept by the server with a reference the person is shown, and the other ways to reach us. */
export function ContactPage() {
  const [sent, setSent] = useState<Sent | null>(null);
  return (
    <ContentPage
      title="Contact Us"
      description="Write to Gut360 Health about an order, your kit, your report or your data, or call us. We answer every message."
      path="/contact-us"
      lead="Questions about an order, your kit, your report or your data: write to us, or call."
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '8', md: '10' }} alignItems="start">
        <Box gridColumn={{ md: 'span 2' }}>{sent ? <Confirmation sent={sent} onAnother={() => setSent(null)} /> : <ContactForm onSent={setSent} />}</Box>
        <OtherWays />
      </SimpleGrid>
    </ContentPage>
  );
}

function ContactForm({ onSent }: { onSent: (sent: Sent) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: { name: '', email: '', mobile: '', topic: '', message: '' },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      const body = {
        name: value.name.trim(),
        email: value.email.trim(),
        topic: value.topic as ContactTopic,
        message: value.message.trim(),
        ...(value.mobile.trim() ? { mobile: value.mobile.trim() } : {}),
      };
      try {
        const receipt = await sendContactMessage(body);
        onSent({ ...receipt, name: body.name, email: body.email });
      } catch (error) {
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        const atFields = FIELDS.filter((name) => fields[name]);
        for (const name of atFields) refuseField(formApi, name, fields[name]!);
        if (atFields.length === 0) setFailure(error instanceof ApiError ? `${error.message} ${KEPT}` : NOT_SENT);
      }
    },
    onSubmitInvalid: () => setFailure(null),
  });

  return (
    <form.AppForm>
      <form.Form label="Send us a message">
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Send us a message
          </Heading>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <form.AppField name="name" validators={{ onSubmit: fullnameSchema }}>
              {(field) => <field.TextField label="Full name" autoComplete="name" maxLength={80} />}
            </form.AppField>
            <form.AppField name="email" validators={{ onSubmit: emailSchema }}>
              {(field) => <field.TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" maxLength={254} />}
            </form.AppField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <form.AppField name="mobile" validators={{ onSubmit: optionalMobileSchema }}>
              {(field) => (
                <field.TextField
                  label="Mobile number (optional)"
                  required={false}
                  type="tel"
                  autoComplete="tel-national"
                  inputMode="tel"
                  prefix="+91"
                  placeholder="98765 43210"
                  maxLength={20}
                  helper="If you would rather we call you back."
                />
              )}
            </form.AppField>
            <form.Field name="topic" validators={{ onSubmit: topicSchema }}>
              {(field) => (
                <SelectField
                  id="contact-topic"
                  label="Topic"
                  placeholder="Choose a topic…"
                  options={CONTACT_TOPICS}
                  value={field.state.value}
                  onChange={field.handleChange}
                  onBlur={field.handleBlur}
                  error={firstError(field.state.meta.errors)}
                />
              )}
            </form.Field>
          </SimpleGrid>
          <form.Field name="message" validators={{ onSubmit: messageSchema }}>
            {(field) => <MessageField value={field.state.value} onChange={field.handleChange} onBlur={field.handleBlur} error={firstError(field.state.meta.errors)} />}
          </form.Field>
          <Text fontSize="sm" color="gray.700">
            We use these details only to answer you, as our{' '}
            <ChakraLink asChild color="brand.700" textDecoration="underline">
              <Link to="/privacy-policy">Privacy Policy</Link>
            </ChakraLink>{' '}
            explains. Please do not send card numbers or passwords.
          </Text>
          <Box>
            <form.SubmitButton loadingText="Sending…" colorPalette="brand" size="lg">
              Send message
            </form.SubmitButton>
          </Box>
        </Stack>
      </form.Form>
    </form.AppForm>
  );
}

function MessageField({ value, onChange, onBlur, error }: { value: string; onChange: (value: string) => void; onBlur: () => void; error: string | undefined }) {
  const length = value.trim().length;
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        Message
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        recipe={textareaRecipe}
        name="message"
        rows={7}
        maxLength={MESSAGE_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder="Tell us what happened, with your order number (GUT-…) or kit code if you have one."
      />
      {error ? (
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      ) : (
        <Field.HelperText color="gray.700">
          {formatIndianNumber(length)} of {formatIndianNumber(MESSAGE_MAX)} characters
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

/** What the person sees once the server has the message: its reference, and where the answer will go. */
function Confirmation({ sent, onAnother }: { sent: Sent; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus moves to what replaced it, so that keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="green.200"
      bg="green.50"
      rounded="lg"
      p={{ base: '5', md: '6' }}
      data-testid="contact-sent"
    >
      <Heading as="h2" size="xl" mb="2" tabIndex={-1} ref={heading} color="green.800">
        Thank you, {sent.name}. We have your message.
      </Heading>
      <Text color="gray.800">
        Your reference is <strong>{sent.reference}</strong>: please quote it if you write or call about the same thing. We will
        answer at {sent.email}.
      </Text>
      <Button mt="4" variant="outline" onClick={onAnother}>
        Send another message
      </Button>
    </Box>
  );
}

function OtherWays() {
  const phoneHref = `tel:${site.phone.replace(/[^\d+]/g, '')}`;
  return (
    <Stack as="aside" aria-labelledby="other-ways-title" gap="5" bg="gray.50" rounded="lg" p="5">
      <Heading as="h2" size="lg" id="other-ways-title">
        Other ways to reach us
      </Heading>
      <Box>
        <Text fontWeight="semibold">Call us</Text>
        <ChakraLink href={phoneHref} color="brand.700" textDecoration="underline">
          {site.phone}
        </ChakraLink>
      </Box>
      <Box>
        <Text fontWeight="semibold">Write to us</Text>
        <ChakraLink href={`mailto:${env.contactEmail}`} color="brand.700" textDecoration="underline">
          {env.contactEmail}
        </ChakraLink>
      </Box>
      <Box>
        <Text fontWeight="semibold">When we answer</Text>
        <Text color="gray.700" data-testid="care-hours">
          {env.contactHours}. A message sent outside these hours is answered on the next working day.
        </Text>
      </Box>
      <Box>
        <Text fontWeight="semibold">Your orders and kits</Text>
        <Text color="gray.700">
          Signed in, follow each order and kit on{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to="/user/dashboard">My kits</Link>
          </ChakraLink>
          .
        </Text>
      </Box>
      <Box>
        <Text fontWeight="semibold">Your personal data</Text>
        <Text color="gray.700">
          See, download or erase what we hold in{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to="/user/privacy">Privacy and data</Link>
          </ChakraLink>
          , or read how we handle it in our{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to="/privacy-policy">Privacy Policy</Link>
          </ChakraLink>
          .
        </Text>
      </Box>
      <Box>
        <Text fontWeight="semibold">Quick answers</Text>
        <Text color="gray.700">
          Most questions about tests, samples and reports are answered in our{' '}
          <ChakraLink asChild color="brand.700" textDecoration="underline">
            <Link to="/faq">FAQ</Link>
          </ChakraLink>
          .
        </Text>
      </Box>
    </Stack>
  );
}
