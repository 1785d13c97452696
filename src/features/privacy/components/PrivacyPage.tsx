import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { FormAlert } from '@/components/ui/fields';
import { formatShopDate, formatShopDateTime } from '@/lib/dates';
import { failureMessage } from '@/lib/failure';
import {
  downloadPersonalData,
  privacyQueryOptions,
  useCancelErasure,
  usePrivacy,
  useSetConsent,
  type Consent,
  type ConsentPurpose,
  type DownloadFormat,
  type PrivacyEvent,
  type PrivacyOverview,
} from '../api/privacy';
import { EraseAccountDialog } from './EraseAccountDialog';
import type { EmailConfirmer } from '@/lib/email-confirmer';
import type { ReauthenticatorFactory } from '@/lib/reauthenticator';

/** What each consent covers, in the person's words. */
export const CONSENT_TEXT: Record<ConsentPurpose, { title: string; about: string }> = {
  marketing: {
    title: 'Offers, tips and reminders',
    about:
      'E-mails and SMS about new tests, offers and gut-health tips, and one reminder of an order left unpaid. Messages about your orders, kits and reports come by e-mail whatever you choose.',
  },
  sms: {
    title: 'SMS updates',
    about: 'An SMS to your mobile number when your kit ships and when your report is ready, besides the e-mail.',
  },
  ebook: {
    title: 'Contact after the ebook',
    about: 'We may write to you about the Microbiome and Health ebook you downloaded.',
  },
  questionnaires: {
    title: 'Questionnaire results',
    about: 'We keep your GAD-7 and PSQI answers and scores so that your doctor and nutritionist can read them with your report. Withdrawing deletes them.',
  },
  research: {
    title: 'Research use of your sample',
    about: 'Your sample and results, without your name or contact details, may be used in our research on the gut microbiome of people in India.',
  },
  whatsapp: {
    title: 'WhatsApp updates',
    about:
      'A WhatsApp message to your mobile number when your kit ships, when it is delivered, when your sample reaches our lab and when your report is ready, instead of the SMS. If the WhatsApp message that your kit has shipped or that your report is ready cannot reach you, this consent lets us send it once by SMS instead.',
  },
};

const EVENT_TEXT: Record<PrivacyEvent['action'], string> = {
  'consent.granted': 'Consent given',
  'consent.withdrawn': 'Consent withdrawn',
  'data.exported': 'Data downloaded',
  'erasure.requested': 'Erasure requested',
  'erasure.cancelled': 'Erasure request withdrawn',
};

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id={id} size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What is kept under an e-mail address alone, in the person's words. */
const KEPT_BY_ADDRESS = 'messages sent from our contact page, an ebook request and the e-mails we sent to that address';

const PAGE_PATH = '/user/privacy';

/** Whether the account has an e-mail address it has not proven. */
const unconfirmedEmail = (overview: PrivacyOverview) => overview.holdings.profile.email !== null && !overview.holdings.profile.emailVerified;

type Confirmation =
  | { stage: 'idle' }
  | { stage: 'sending' }
  | { stage: 'sent' }
  | { stage: 'confirming' }
  | { stage: 'confirmed' }
  | { stage: 'failed'; message: string };

const messageOf = (failure: unknown, fallback: string) =>
  typeof failure === 'object' && failure !== null && 'message' in failure && typeof failure.message === 'string' ? failure.message : fallback;

/**
 * An address the account has not proven: what that leaves out, and Firebase's link to prove it. The link comes back
 * to this page, which completes it once and takes it out of the address bar.
 */
function EmailConfirmation({ email, verified, confirmer }: { email: string | null; verified: boolean; confirmer: EmailConfirmer }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [openedLink] = useState(() => {
    const href = new URL(router.state.location.href, window.location.origin).href;
    return confirmer.isLink(href) ? href : null;
  });
  const [confirmation, setConfirmation] = useState<Confirmation>(() => (openedLink && email && !verified ? { stage: 'confirming' } : { stage: 'idle' }));
  const started = useRef(false);

  useEffect(() => {
    if (!openedLink || started.current) return;
    started.current = true;
    router.history.replace(PAGE_PATH);
    if (!email || verified) return;
    confirmer
      .complete(email, openedLink)
      .then(() => queryClient.invalidateQueries({ queryKey: privacyQueryOptions.queryKey }))
      .then(() => setConfirmation({ stage: 'confirmed' }))
      .catch((failure: unknown) => setConfirmation({ stage: 'failed', message: messageOf(failure, 'Your e-mail address could not be confirmed. Please try again.') }));
  }, [confirmer, email, openedLink, queryClient, router, verified]);

  if (confirmation.stage === 'confirmed') {
    return (
      <FormAlert tone="success">
        Your e-mail address is confirmed. Your download and an erasure of your account now include what we keep under it.
      </FormAlert>
    );
  }
  if (!email || verified) return null;
  const send = () => {
    setConfirmation({ stage: 'sending' });
    confirmer
      .sendLink(email, PAGE_PATH)
      .then(() => setConfirmation({ stage: 'sent' }))
      .catch((failure: unknown) => setConfirmation({ stage: 'failed', message: messageOf(failure, 'The link could not be sent. Please try again.') }));
  };
  return (
    <Box mt="4" p="4" bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="md" data-testid="email-unconfirmed">
      <Text fontWeight="semibold">Your e-mail address is not confirmed yet</Text>
      <Text fontSize="sm" mt="1">
        Anyone can type an e-mail address, so we show what we keep under an address alone ({KEPT_BY_ADDRESS}) only to an account that
        has proven the address is its own. Until you confirm {email}, your download and an erasure of your account leave these out.
      </Text>
      {confirmation.stage === 'confirming' ? (
        <Text fontSize="sm" mt="3" role="status">
          Confirming your e-mail address…
        </Text>
      ) : null}
      {confirmation.stage === 'sent' ? (
        <Box mt="3">
          <FormAlert tone="success">
            We sent a link to {email}. Open it in this browser, where you are signed in, to confirm your address.
          </FormAlert>
        </Box>
      ) : null}
      {confirmation.stage === 'failed' ? (
        <Box mt="3">
          <FormAlert>{confirmation.message}</FormAlert>
        </Box>
      ) : null}
      {confirmation.stage !== 'confirming' ? (
        <Button mt="3" size="sm" colorPalette="brand" loading={confirmation.stage === 'sending'} loadingText="Sending…" onClick={send}>
          {confirmation.stage === 'sent' ? 'Send the link again' : 'E-mail me a confirmation link'}
        </Button>
      ) : null}
    </Box>
  );
}

function Holdings({ overview, confirmer }: { overview: PrivacyOverview; confirmer: EmailConfirmer }) {
  const { profile, address, orders, kits, questionnaireResults } = overview.holdings;
  const rows: Array<[string, string]> = [
    ['Name', profile.fullname || 'Not given'],
    ['E-mail address', profile.email ? `${profile.email}${profile.emailVerified ? '' : ' (not confirmed)'}` : 'Not given'],
    ['Mobile number', profile.phone ?? 'Not given'],
    ['Account created', formatShopDate(profile.createdAt)],
    ['Delivery address', address ? 'Saved' : 'None saved'],
    ['Orders', count(orders, 'order', 'orders')],
    ['Kits', count(kits, 'kit', 'kits')],
    ['Questionnaire results', count(questionnaireResults, 'result', 'results')],
  ];
  return (
    <>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="6" rowGap={{ base: '0', sm: '2' }}>
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="gray.600" fontSize="sm" mt={{ base: '2', sm: '0' }}>
              {label}
            </Text>
            <Text as="dd" fontWeight="medium" overflowWrap="anywhere">
              {value}
            </Text>
          </Box>
        ))}
      </Box>
      <EmailConfirmation email={profile.email} verified={profile.emailVerified} confirmer={confirmer} />
    </>
  );
}

function ConsentRow({ consent, questionnaireResults }: { consent: Consent; questionnaireResults: number }) {
  const setConsent = useSetConsent();
  const [confirming, setConfirming] = useState(false);
  const text = CONSENT_TEXT[consent.purpose];
  const losesResults = consent.purpose === 'questionnaires' && consent.granted && questionnaireResults > 0;
  const change = (granted: boolean) => {
    setConfirming(false);
    setConsent.mutate({ purpose: consent.purpose, granted });
  };
  const status = consent.changedAt
    ? `${consent.granted ? 'Given' : 'Withdrawn'} on ${formatShopDate(consent.changedAt)}`
    : 'Not given';
  return (
    <Box as="li" py="4" borderTopWidth="1px" borderColor="gray.100" data-testid={`consent-${consent.purpose}`}>
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="3">
        <Box>
          <Stack direction="row" flexWrap="wrap" align="center" gap="2">
            <Text fontWeight="semibold">{text.title}</Text>
            <Badge colorPalette={consent.granted ? 'green' : 'gray'}>{status}</Badge>
          </Stack>
          <Text fontSize="sm" color="gray.700" mt="1">
            {text.about}
          </Text>
        </Box>
        <Box flexShrink={0}>
          {consent.granted ? (
            <Button
              size="sm"
              variant="outline"
              loading={setConsent.isPending}
              loadingText="Withdrawing…"
              aria-label={`Withdraw consent: ${text.title}`}
              onClick={() => (losesResults ? setConfirming(true) : change(false))}
            >
              Withdraw
            </Button>
          ) : (
            <Button
              size="sm"
              colorPalette="brand"
              loading={setConsent.isPending}
              loadingText="Saving…"
              aria-label={`Give consent: ${text.title}`}
              onClick={() => change(true)}
            >
              Give consent
            </Button>
          )}
        </Box>
      </Stack>
      {confirming ? (
        <Box mt="3" p="3" bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="md" role="group" aria-label="Confirm withdrawal">
          <Text fontSize="sm">
            Withdrawing deletes your {count(questionnaireResults, 'saved questionnaire result', 'saved questionnaire results')}. This cannot be undone.
          </Text>
          <Stack direction="row" gap="2" mt="2" flexWrap="wrap">
            <Button size="sm" colorPalette="red" onClick={() => change(false)}>
              Withdraw and delete
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              Keep them
            </Button>
          </Stack>
        </Box>
      ) : null}
      {setConsent.isError ? (
        <Box mt="3">
          <FormAlert>{failureMessage(setConsent.error) ?? 'Your choice could not be saved. Please try again.'}</FormAlert>
        </Box>
      ) : null}
    </Box>
  );
}

function Download({ emailUnconfirmed }: { emailUnconfirmed: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<DownloadFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = (format: DownloadFormat) => {
    setBusy(format);
    setError(null);
    downloadPersonalData(format)
      // The download is in the history now.
      .then(() => queryClient.invalidateQueries({ queryKey: privacyQueryOptions.queryKey }))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : 'Your data could not be downloaded. Please try again.'))
      .finally(() => setBusy(null));
  };
  return (
    <Stack gap="3">
      <Text>
        A ZIP file with everything we hold about you as JSON (your profile, address, orders and payments, kits with their journey and report links,
        questionnaire results, the e-mails and SMS we sent you, your contact messages and ebook request, consents and this page&apos;s history),
        your invoices as PDF, and a note on what each file holds.
        {emailUnconfirmed ? ` While your e-mail address is not confirmed, it leaves out ${KEPT_BY_ADDRESS}, and says so.` : ''}
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
        <Button colorPalette="brand" loading={busy === 'zip'} loadingText="Preparing your file…" disabled={busy !== null} onClick={() => start('zip')}>
          Download my data (ZIP)
        </Button>
        <Button variant="outline" loading={busy === 'json'} loadingText="Preparing…" disabled={busy !== null} onClick={() => start('json')}>
          JSON only
        </Button>
      </Stack>
    </Stack>
  );
}

function Erasure({ overview, makeReauthenticator }: { overview: PrivacyOverview; makeReauthenticator: ReauthenticatorFactory }) {
  const cancel = useCancelErasure();
  const { profile } = overview.holdings;
  const reauthenticator = useMemo(
    () => makeReauthenticator({ email: profile.email, phone: profile.phone }, overview.signInMethods),
    [makeReauthenticator, profile.email, profile.phone, overview.signInMethods],
  );
  const pending = overview.erasure?.status === 'pending' ? overview.erasure : null;
  return (
    <Stack gap="3">
      {pending ? (
        <>
          <FormAlert tone="success">
            You asked on {formatShopDate(pending.requestedAt)} for your account to be erased. We will complete it by {formatShopDate(pending.dueBy)}.
          </FormAlert>
          {cancel.isError ? <FormAlert>{failureMessage(cancel.error) ?? 'Your request could not be withdrawn. Please try again.'}</FormAlert> : null}
          <Box>
            <Button variant="outline" loading={cancel.isPending} loadingText="Withdrawing…" onClick={() => cancel.mutate()}>
              Withdraw my request
            </Button>
          </Box>
        </>
      ) : (
        <Text>
          We erase your account, your contact details, saved address, cart, consents, questionnaire results, ebook request, contact messages and the e-mails and SMS we sent you. Your orders and invoices are kept for{' '}
          {overview.retentionMonths} months, as Indian tax law requires, then deleted. We complete it within {overview.grievance.respondWithinDays} days
          and you confirm it by signing in again.
          {unconfirmedEmail(overview) ? ` While your e-mail address is not confirmed, ${KEPT_BY_ADDRESS} stay: they may be someone else's.` : ''}
        </Text>
      )}
      {/* Stays mounted once the request is recorded, so that its dialog can say so. */}
      <EraseAccountDialog overview={overview} reauthenticator={reauthenticator} showTrigger={!pending} />
    </Stack>
  );
}

function History({ events }: { events: PrivacyEvent[] }) {
  if (events.length === 0) return <Text color="gray.700">Nothing yet.</Text>;
  return (
    <Box as="ol" listStyleType="none" data-testid="privacy-history">
      {events.map((event, index) => (
        <Box as="li" key={`${event.at}-${index}`} py="2" borderTopWidth={index ? '1px' : '0'} borderColor="gray.100">
          <Text fontSize="sm">
            <Box as="span" fontWeight="medium">
              {EVENT_TEXT[event.action]}
              {event.purpose ? `: ${CONSENT_TEXT[event.purpose].title}` : ''}
            </Box>{' '}
            <Box as="span" color="gray.600">
              · {formatShopDateTime(event.at)} · {event.by === 'you' ? 'by you' : 'by our team'}
            </Box>
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** /user/privacy: the person's rights under the DPDP Act 2023 — see, take, withdraw, erase, complain. */
export function PrivacyPage({ makeReauthenticator, emailConfirmer }: { makeReauthenticator: ReauthenticatorFactory; emailConfirmer: EmailConfirmer }) {
  const privacy = usePrivacy();
  return (
    <Box maxW="3xl" mx="auto" px="4" py={{ base: '8', md: '12' }}>
      <PageTitle title="Privacy and your data">
        What we hold about you, the consents you gave, a copy of your data and erasing your account: your rights under India&apos;s Digital Personal
        Data Protection Act, 2023. Our{' '}
        <Link to="/privacy-policy" style={{ textDecoration: 'underline' }}>
          Privacy Policy
        </Link>{' '}
        explains why we keep each thing.
      </PageTitle>
      {privacy.isPending ? <PageSpinner label="Loading your data…" /> : null}
      {privacy.isError ? <DataLoadFailure what="your data" error={privacy.error} onRetry={() => void privacy.refetch()} /> : null}
      {privacy.data ? (
        <Stack gap="6">
          <Section title="What we hold about you" id="holdings">
            <Holdings overview={privacy.data} confirmer={emailConfirmer} />
          </Section>
          <Section title="Your consents" id="consents">
            <Text fontSize="sm" color="gray.700">
              Each is yours to give or withdraw at any time; withdrawing takes effect at once.
            </Text>
            <Box as="ul" listStyleType="none" mt="2">
              {privacy.data.consents.map((consent) => (
                <ConsentRow key={consent.purpose} consent={consent} questionnaireResults={privacy.data.holdings.questionnaireResults} />
              ))}
            </Box>
          </Section>
          <Section title="Download your data" id="download">
            <Download emailUnconfirmed={unconfirmedEmail(privacy.data)} />
          </Section>
          <Section title="Erase your account" id="erase">
            <Erasure overview={privacy.data} makeReauthenticator={makeReauthenticator} />
          </Section>
          <Section title="Questions or complaints" id="grievance">
            <Text>
              Write to our Grievance Officer, {privacy.data.grievance.name}, at{' '}
              <a href={`mailto:${privacy.data.grievance.email}`} style={{ textDecoration: 'underline' }}>
                {privacy.data.grievance.email}
              </a>
              , call {privacy.data.grievance.phone}, or write to {privacy.data.grievance.address}. We answer within {privacy.data.grievance.respondWithinDays}{' '}
              days. If we do not resolve your complaint, you may complain to the Data Protection Board of India.
            </Text>
          </Section>
          <Section title="History" id="history">
            <History events={privacy.data.history} />
          </Section>
        </Stack>
      ) : null}
    </Box>
  );
}
