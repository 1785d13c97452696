import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Bullets, ContentPage, Section } from '@/components/layout/Prose';
import { FormAlert } from '@/components/ui/fields';
import { refuseField, useShopForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { formatShopDateTime } from '@/lib/dates';
import { emailSchema, fullnameSchema } from '@/lib/field-rules';
import { site } from '@/lib/site';
import { ebookFileHref, requestEbookDownload, type EbookDownload } from '../api/request-ebook';
import { EBOOK, EBOOK_AUDIENCE, EBOOK_BACK_MATTER, EBOOK_CHAPTERS, EBOOK_CONSENT_TEXT } from '../content/ebook';
import { EbookCover } from './EbookCover';

const PATH = '/Microbiomeandhealthebook';
const TITLE = 'Microbiome and Health: the free ebook';
const DESCRIPTION =
  'A free guide to the gut microbiome for India: what it does, how to eat for it with Indian food, how a test works and when to see a doctor.';
const FORM_ID = 'get-the-ebook';

const KEPT = 'What you typed is still here.';
const NOT_SENT = `We could not get your ebook ready. Please try again. ${KEPT}`;
const FIELDS = ['name', 'email'] as const;

/** schema.org's description of the ebook, for search engines. */
const BOOK_JSON_LD = {
  '@context': 'https://schema.org',
  '@type': 'Book',
  name: `${EBOOK.title}: ${EBOOK.subtitle}`,
  bookFormat: 'https://schema.org/EBook',
  numberOfPages: EBOOK.pages,
  inLanguage: 'en-IN',
  isAccessibleForFree: true,
  publisher: { '@type': 'Organization', name: site.company },
  about: 'The human gut microbiome, diet and health',
};

interface Ready extends EbookDownload {
  name: string;
  consentToContact: boolean;
}

/** /Microbiomeandhealthebook: what the ebook holds and whom it is for, and the form that gives the download link. */
export function EbookPage() {
  const [ready, setReady] = useState<Ready | null>(null);
  return (
    <ContentPage
      title={TITLE}
      description={DESCRIPTION}
      path={PATH}
      jsonLd={BOOK_JSON_LD}
      lead={`“${EBOOK.title}”, a free guide from ${site.brand}: plain English, Indian food, and careful about what research does and does not show.`}
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '8', md: '10' }} alignItems="center" mt="8">
        <EbookCover />
        <Stack gap="4" gridColumn={{ md: 'span 2' }} color="gray.800">
          <Text fontSize="lg">
            What your gut microbes do, how to eat for them with dal, millets, curd and the rest of an Indian kitchen, how a microbiome test works, what
            it cannot tell you, and the symptoms that need a doctor rather than a test.
          </Text>
          <Text>
            {EBOOK.pages} pages for a phone screen or for print (A5), with a week of meal ideas, a glossary and the research it draws on. It is free: we
            ask for your name and e-mail address, and nothing else.
          </Text>
          <Box>
            <Button asChild colorPalette="brand" size="lg">
              <a href={`#${FORM_ID}`}>Get the free ebook</a>
            </Button>
          </Box>
        </Stack>
      </SimpleGrid>

      <Section id="whats-inside" title="What is inside">
        <Box as="ol" ps="6" listStyleType="decimal" display="grid" gap="3" color="gray.800">
          {EBOOK_CHAPTERS.map((chapter) => (
            <li key={chapter.title}>
              <Text as="span" fontWeight="semibold">
                {chapter.title}.
              </Text>{' '}
              {chapter.about}
            </li>
          ))}
        </Box>
        <Text mt="4" color="gray.800">
          Then:{' '}
          {EBOOK_BACK_MATTER.map((part, index) => (
            <span key={part.title}>
              {index > 0 ? ' ' : null}
              <Text as="span" fontWeight="semibold">
                {part.title}.
              </Text>{' '}
              {part.about}
            </span>
          ))}
        </Text>
      </Section>

      <Section id="who-it-is-for" title="Who it is for">
        <Bullets items={EBOOK_AUDIENCE} />
        <Text mt="4" color="gray.800">
          It is general information, not medical advice: it does not diagnose or treat anything. If you have symptoms, please see a doctor.
        </Text>
      </Section>

      <Section id={FORM_ID} title="Get your free copy">
        {ready ? <DownloadReady ready={ready} onAgain={() => setReady(null)} /> : <EbookForm onReady={setReady} />}
      </Section>
    </ContentPage>
  );
}

function EbookForm({ onReady }: { onReady: (ready: Ready) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: { name: '', email: '', consentToContact: false },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      const body = { name: value.name.trim(), email: value.email.trim(), consentToContact: value.consentToContact };
      try {
        const download = await requestEbookDownload(body);
        onReady({ ...download, name: body.name, consentToContact: body.consentToContact });
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
      <form.Form label="Get the free ebook">
        <Stack gap="5" maxW="2xl">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <form.AppField name="name" validators={{ onSubmit: fullnameSchema }}>
              {(field) => <field.TextField label="Your name" autoComplete="name" maxLength={80} />}
            </form.AppField>
            <form.AppField name="email" validators={{ onSubmit: emailSchema }}>
              {(field) => <field.TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" maxLength={254} />}
            </form.AppField>
          </SimpleGrid>
          <form.Field name="consentToContact">
            {(field) => (
              <Box>
                <Flex gap="3" align="flex-start">
                  <input
                    id="ebook-consent"
                    type="checkbox"
                    name={field.name}
                    checked={field.state.value}
                    onChange={(event) => field.handleChange(event.target.checked)}
                    aria-describedby="ebook-consent-note"
                    style={{ width: '1.25rem', height: '1.25rem', marginTop: '0.15rem', flexShrink: 0, accentColor: '#1a7041' }}
                  />
                  <Text asChild color="gray.900" cursor="pointer">
                    <label htmlFor="ebook-consent">{EBOOK_CONSENT_TEXT}</label>
                  </Text>
                </Flex>
                <Text id="ebook-consent-note" mt="1" ms="8" fontSize="sm" color="gray.700">
                  Optional. Leave it unticked and you still get the ebook; we will not write to you.
                </Text>
              </Box>
            )}
          </form.Field>
          <Text fontSize="sm" color="gray.700">
            We keep your name and e-mail address to give you the ebook and, only if you tick the box, to write to you. To withdraw your consent, ask
            for the ebook again with the box unticked, or{' '}
            <ChakraLink asChild color="brand.700" textDecoration="underline">
              <Link to="/contact-us">write to us</Link>
            </ChakraLink>
            . Our{' '}
            <ChakraLink asChild color="brand.700" textDecoration="underline">
              <Link to="/privacy-policy">Privacy Policy</Link>
            </ChakraLink>{' '}
            explains how we handle your data.
          </Text>
          <Box>
            <form.SubmitButton loadingText="Getting your ebook…" colorPalette="brand" size="lg">
              Get the ebook
            </form.SubmitButton>
          </Box>
        </Stack>
      </form.Form>
    </form.AppForm>
  );
}

/** The link the server made, ready to download; focus moves to it, since the form it replaces is gone. */
function DownloadReady({ ready, onAgain }: { ready: Ready; onAgain: () => void }) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus(), []);
  return (
    <Box borderWidth="1px" borderColor="green.200" bg="green.50" rounded="lg" p={{ base: '5', md: '6' }} maxW="2xl" data-testid="ebook-ready">
      <Heading as="h3" size="lg" mb="2" color="green.800" id="ebook-ready-title">
        Thank you, {ready.name}. Your ebook is ready.
      </Heading>
      <Text color="gray.800" mb="4">
        {ready.consentToContact
          ? 'You agreed that we may e-mail you about gut health, our tests and offers; you can withdraw that at any time.'
          : 'We will not e-mail you: you did not tick the box.'}
      </Text>
      <Button asChild colorPalette="brand" size="lg">
        <a ref={link} href={ebookFileHref(ready)} download={EBOOK.fileName} aria-describedby="ebook-ready-title">
          Download the ebook (PDF)
        </a>
      </Button>
      <Text mt="4" fontSize="sm" color="gray.700">
        This link works until {formatShopDateTime(ready.expiresAt)}. Keep the file once it is saved; for a new link, ask again.
      </Text>
      <Button mt="3" variant="outline" size="sm" onClick={onAgain}>
        Ask for another copy
      </Button>
    </Box>
  );
}
