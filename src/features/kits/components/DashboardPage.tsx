import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { parseKitCode } from '../../../../machines/kit-codes';
import { KIT_JOURNEY_LABELS, KIT_JOURNEY_MAIN_LINE, type KitJourneyState } from '../../../../machines/kit-journey';
import { ContentSkeleton, DataLoadFailure } from '@/components/layout/PageStatus';
import { TitledPage } from '@/components/layout/PageTitle';
import { DownloadButton } from '@/components/ui/DownloadButton';
import { formatShopDate, formatShopDateTime } from '@/lib/dates';
import { downloadKitReport, useActivateKit, useKits, type OwnedKit } from '../api/kits';
import { canGive, GiveKit } from './GiveKitButton';

/** What the courier's last scan says of a parcel on its way, in the customer's words; nothing for the steps the journey shows itself. */
const PARCEL_WORDS: Partial<Record<NonNullable<NonNullable<OwnedKit['shipment']>['status']>, string>> = {
  pickedUp: 'The courier has it.',
  inTransit: 'In transit.',
  outForDelivery: 'Out for delivery today.',
  undelivered: 'The courier could not deliver it and will try again.',
  returningToOrigin: 'The courier is bringing it back to us; we will be in touch.',
  returnedToOrigin: 'It came back to us; we will be in touch.',
};

/** What a route adds to a kit's card (a Gut SEnS kit's questionnaires) and below the kits (the person's results). */
export interface DashboardSlots {
  kitExtra?: (kit: OwnedKit) => ReactNode;
  after?: ReactNode;
}

const CODE_PATTERN = /^[A-Za-z0-9 -]{4,32}$/;

/** The main line up to the kit's state, plus the branch it took (cancelled, refunded, failed quality control). */
function Timeline({ kit }: { kit: OwnedKit }) {
  const reached = new Map(kit.timeline.map((step) => [step.state, step.at]));
  const branch = kit.timeline.filter((step) => !KIT_JOURNEY_MAIN_LINE.includes(step.state as KitJourneyState));
  return (
    <Box as="ol" listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(7, 1fr)' }} gap="2" aria-label={`Journey of ${kit.name}`}>
      {KIT_JOURNEY_MAIN_LINE.map((state) => {
        const at = reached.get(state);
        return (
          <Box as="li" key={state} aria-current={kit.state === state ? 'step' : undefined} borderTopWidth="3px" borderColor={at ? 'brand.500' : 'gray.200'} pt="1">
            <Text fontSize="sm" fontWeight={kit.state === state ? 'bold' : 'normal'} color={at ? 'gray.900' : 'gray.600'}>
              {KIT_JOURNEY_LABELS[state]}
            </Text>
            {at ? (
              <Text fontSize="xs" color="gray.600">
                {formatShopDate(at)}
              </Text>
            ) : null}
          </Box>
        );
      })}
      {branch.map((step) => (
        <Box as="li" key={step.state} borderTopWidth="3px" borderColor="orange.400" pt="1">
          <Text fontSize="sm" fontWeight="bold">
            {KIT_JOURNEY_LABELS[step.state]}
          </Text>
          <Text fontSize="xs" color="gray.600">
            {formatShopDate(step.at)}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** What the page says once a code activated a kit: which kit it was, when not the one it was typed into. */
export function activationNotice(activated: OwnedKit, intended: OwnedKit | undefined): string {
  if (activated.claim === 'given') {
    return `The code was of a ${activated.name} kit someone gave you: it is now activated in your account, and its sample and report are yours.`;
  }
  if (intended && intended._id !== activated._id) {
    return `That code was of your other kit, ${activated.name}: that kit is now activated. ${intended.name} still waits for its own code.`;
  }
  return `${activated.name} is activated.`;
}

function ActivationForm({
  kit,
  scannedCode,
  onActivated,
}: {
  /** The kit whose card holds the form; none for the form of a kit someone gave the person. */
  kit?: OwnedKit;
  scannedCode: string | undefined;
  onActivated: (notice: string) => void;
}) {
  const activate = useActivateKit();
  const navigate = useNavigate();
  const [code, setCode] = useState(scannedCode ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code.trim())) {
      setFieldError('Enter the code printed on the card in your kit box, e.g. GUT-AB12-CD34.');
      return;
    }
    setFieldError(null);
    activate.mutate(
      { code: code.trim(), ...(kit ? { kitId: kit._id } : {}) },
      {
        onSuccess: (activated) => {
          onActivated(activationNotice(activated, kit));
          // Once activated, the scanned code has done its work: the address loses it, and with it the note about it.
          void navigate({ to: '/user/dashboard', search: {}, replace: true });
        },
      },
    );
  };
  const serverError = activate.isError ? (activate.error instanceof Error ? activate.error.message : 'The kit could not be activated. Please try again.') : null;
  const message = fieldError ?? serverError;
  return (
    <form onSubmit={submit} noValidate aria-label={kit ? `Activate ${kit.name}` : 'Activate a kit someone gave you'}>
      <Field.Root invalid={Boolean(message)}>
        <Field.Label>Kit code from the box</Field.Label>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" w="full">
          <Input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" maxLength={32} placeholder="GUT-XXXX-XXXX" />
          <Button type="submit" colorPalette="brand" loading={activate.isPending} loadingText="Activating…" flexShrink={0}>
            Activate kit
          </Button>
        </Stack>
        {message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
        {kit?.demoBoxCode && !message ? (
          <Field.HelperText color="gray.600">
            Demo shop: the code printed in your box is <strong data-testid="demo-box-code">{kit.demoBoxCode}</strong>.
          </Field.HelperText>
        ) : null}
      </Field.Root>
    </form>
  );
}

interface KitCardProps {
  kit: OwnedKit;
  scannedCode: string | undefined;
  kitExtra: DashboardSlots['kitExtra'];
  onActivated: (notice: string) => void;
}

/** A kit's card: its name as the heading, where it is as a badge, and what the card says of it. */
function KitFrame({ kit, state, color, children }: { kit: OwnedKit; state: string; color: string; children: ReactNode }) {
  return (
    <Box as="article" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }} data-testid="kit-card" aria-label={kit.name}>
      <Box display="flex" justifyContent="space-between" alignItems="center" gap="2" flexWrap="wrap" mb="3">
        <Heading as="h2" size="md">
          {kit.name}
        </Heading>
        <Badge colorPalette={color} data-testid="kit-state">
          {state}
        </Badge>
      </Box>
      {children}
    </Box>
  );
}

/** A kit the person bought whose code another account activated: that, and nothing of the sample. */
function ActivatedByAnother({ kit }: { kit: OwnedKit }) {
  return (
    <KitFrame kit={kit} state={kit.state === 'activated' ? 'Activated by another account' : KIT_JOURNEY_LABELS[kit.state]} color="gray">
      <Text color="gray.700">
        Another account activated this kit’s code{kit.activatedAt ? ` on ${formatShopDate(kit.activatedAt)}` : ''}, so its sample, questionnaire and
        report are that person’s. Your order and its invoice stay with you{kit.orderId ? ' under My Orders' : ''}.
      </Text>
    </KitFrame>
  );
}

function KitCard({ kit, scannedCode, kitExtra, onActivated }: KitCardProps) {
  if (kit.claim === 'activatedByAnother') return <ActivatedByAnother kit={kit} />;
  const canActivate = kit.state === 'shipped' || kit.state === 'delivered';
  return (
    <KitFrame kit={kit} state={KIT_JOURNEY_LABELS[kit.state]} color={kit.state === 'reportReady' ? 'green' : 'brand'}>
      {kit.claim === 'given' ? (
        <Text color="gray.700" fontSize="sm" mb="3">
          A kit someone gave you: its sample, questionnaire and report are yours alone.
        </Text>
      ) : null}
      <Timeline kit={kit} />
      <Box mt="4">
        {kit.shipment && (canActivate || kit.state === 'activated') ? (
          <Text color="gray.700" mb="3" data-testid="kit-shipment">
            Shipped with {kit.shipment.courier}, tracking number <strong>{kit.shipment.trackingNumber}</strong>.
            {kit.state === 'shipped' && kit.shipment.status && PARCEL_WORDS[kit.shipment.status] ? (
              <>
                {' '}
                <strong data-testid="kit-parcel-status">{PARCEL_WORDS[kit.shipment.status]}</strong>
                {kit.shipment.statusAt ? ` ${formatShopDateTime(kit.shipment.statusAt)}.` : null}
              </>
            ) : null}
            {kit.shipment.trackingUrl ? (
              <>
                {' '}
                <a href={kit.shipment.trackingUrl} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
                  Follow the parcel
                </a>
              </>
            ) : null}
          </Text>
        ) : null}
        {canActivate ? <ActivationForm kit={kit} scannedCode={scannedCode} onActivated={onActivated} /> : null}
        {kit.state === 'ordered' || kit.state === 'paid' ? (
          <Text color="gray.700">We are packing your kit. You can activate it with the code in the box once it reaches you.</Text>
        ) : null}
        {canGive(kit) ? <GiveKit kit={kit} /> : null}
        {kit.state === 'activated' ? <Text color="gray.700">Activated. Now send your sample to the lab.</Text> : null}
        {kit.state === 'sampleReceived' ? <Text color="gray.700">The lab has your sample; your report is being prepared.</Text> : null}
        {kitExtra?.(kit)}
        {kit.state === 'refunded' ? <Text color="gray.700">Refunded. The money goes back to the way you paid; the credit note is with your order.</Text> : null}
        {kit.state === 'replaced' ? <Text color="gray.700">The lab could not analyse this sample, so we sent you a new kit with a code of its own.</Text> : null}
        {kit.state === 'reportReady' ? (
          kit.reportPdf ? (
            <DownloadButton
              colorPalette="brand"
              label="Download your report (PDF)"
              busyLabel="Preparing your report…"
              download={() => downloadKitReport(kit)}
            />
          ) : kit.reportUrl ? (
            <Button asChild colorPalette="brand">
              <a href={kit.reportUrl} target="_blank" rel="noopener noreferrer">
                Read your report
              </a>
            </Button>
          ) : (
            <Text color="gray.700">Your report is ready; our team will share it with you.</Text>
          )
        ) : null}
      </Box>
    </KitFrame>
  );
}

/** The code of a scanned label as it is printed, or as it came when it is not one (the server says what is wrong). */
function labelCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const parsed = parseKitCode(code);
  return parsed.ok ? parsed.code : code;
}

/** Where the kits will be while they load: about one kit's card. */
const KITS_SKELETON = ['12rem'] as const;

/** The page around what it shows. */
const DashboardLayout = ({ children }: { children: ReactNode }) => (
  <TitledPage title="My kits" maxW="5xl">
    {children}
  </TitledPage>
);

/** The place of a kit someone else bought: what it is for, and its form (or where the form will be). */
function GivenKitSection({ children }: { children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby="given-kit" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }} data-testid="given-kit">
      <Heading as="h2" size="md" mb="2" id="given-kit">
        Activate a kit someone gave you
      </Heading>
      <Text color="gray.700" mb="3">
        Someone bought a kit for you? Enter the code from its box or from their e-mail: the kit, its sample and your report are then
        yours alone, in this account.
      </Text>
      {children}
    </Box>
  );
}

/** The kits while they load: a card's place, then the section for a given kit, its form's place as tall as the form. */
function KitsLoading() {
  return (
    <Stack gap="4">
      <ContentSkeleton label="Loading your kits…" blocks={KITS_SKELETON} />
      <GivenKitSection>
        <Box height={{ base: '7.375rem', md: '4.125rem' }} bg="gray.100" rounded="lg" aria-hidden="true" />
      </GivenKitSection>
    </Stack>
  );
}

/**
 * The page before the person's kits are known, as the build writes it into the page's HTML (src/prerender.tsx): a
 * phone paints it from the first bytes, while the session is verified and the kits are fetched.
 */
export function DashboardFrame() {
  return (
    <DashboardLayout>
      <KitsLoading />
    </DashboardLayout>
  );
}

/**
 * The person's kits from paid orders, with activation and the journey to the report. A kit label's QR code opens the
 * page with its code (`scannedCode`) filled in, ready to activate.
 */
export function DashboardPage({ scannedCode, kitExtra, after }: { scannedCode?: string | undefined } & DashboardSlots) {
  const kits = useKits();
  const code = labelCode(scannedCode);
  const [notice, setNotice] = useState<string | null>(null);
  const activatable = kits.data?.filter((kit) => kit.claim !== 'activatedByAnother' && (kit.state === 'shipped' || kit.state === 'delivered')) ?? [];
  // A scanned code that no kit of the person's waits for is someone else's purchase: the form for a given kit takes it.
  const givenCode = code && activatable.length === 0 ? code : undefined;
  const onActivated = (text: string) => setNotice(text);
  return (
    <DashboardLayout>
      {notice ? (
        <Box role="status" bg="green.50" borderWidth="1px" borderColor="green.200" rounded="md" p="3" mb="4" data-testid="activation-notice">
          <Text>{notice}</Text>
        </Box>
      ) : null}
      {code && kits.data ? (
        <Box role="status" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="md" p="3" mb="4" data-testid="scanned-code">
          <Text>
            {activatable.length === 0
              ? `The code ${code} from your kit's label is filled in below, under “Activate a kit someone gave you”. Press Activate kit to activate it in your account.`
              : activatable.length === 1
                ? `The code ${code} from your kit's label is filled in below. Press Activate kit to activate it.`
                : `The code ${code} from your kit's label is filled in below. Press Activate kit on the kit it belongs to.`}
          </Text>
        </Box>
      ) : null}
      {kits.isPending ? (
        <KitsLoading />
      ) : kits.isError ? (
        <DataLoadFailure what="your kits" error={kits.error} onRetry={() => void kits.refetch()} />
      ) : (
        <Stack gap="4">
          {kits.data.length === 0 ? (
            <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6">
              <Text mb="4">You have no kits yet. Once an order is paid, its kits appear here.</Text>
              <Button asChild colorPalette="brand">
                <Link to="/products/gut360">Browse our test kits</Link>
              </Button>
            </Box>
          ) : (
            kits.data.map((kit) => <KitCard key={kit._id} kit={kit} scannedCode={code} kitExtra={kitExtra} onActivated={onActivated} />)
          )}
          <GivenKitSection>
            <ActivationForm key={givenCode ?? ''} scannedCode={givenCode} onActivated={onActivated} />
          </GivenKitSection>
        </Stack>
      )}
      {after}
    </DashboardLayout>
  );
}
