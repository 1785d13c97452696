import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/kits/components/DashboardPage';
import { GUT_SENS_CODE, type OwnedKit } from '@/lib/kits';
import { GutSensQuestionnaires, MyQuestionnaires } from '@/features/questionnaires/components/MyQuestionnaires';
import { KitIntake } from '@/features/questionnaires/intake/KitIntake';
import { samplePickupQueryOptions, showsPickup } from '@/features/kits/api/pickup';
import { lazy, Suspense } from 'react';

// The pickup's panel and its address form arrive with an activated kit's card, not with the page.
const SamplePickup = lazy(() => import('@/features/kits/components/SamplePickup').then((module) => ({ default: module.SamplePickup })));
import { dashboardSearch } from '../../../search';

/** The product code of Gut SEnS, whose report needs the PSQI and the GAD-7. */

/** The states after activation in which the questionnaires still count towards the report. */
const ASKS_QUESTIONNAIRES = new Set<string>(['activated', 'sampleReceived', 'reportReady']);

/** The states in which the food and lifestyle intake is asked for (activated) or shown as answered. */
const SHOWS_INTAKE = new Set<string>(['activated', 'sampleReceived', 'reportReady', 'qcFailed']);

export const Route = createFileRoute('/_signedIn/user/dashboard')({
  validateSearch: dashboardSearch,
  loader: async ({ context }) => {
    const [client, { kitsQueryOptions }, { myQuestionnaireResultsQueryOptions }, { kitIntakeQueryOptions }] = await Promise.all([
      context.queries.ready,
      import('@/lib/kits'),
      import('@/features/questionnaires/api/questionnaires'),
      import('@/features/questionnaires/intake/api'),
    ]);
    // Asked for as soon as the page is opened (the kept session is verified meanwhile) and waited for, so that the
    // page renders once, with its data: a skeleton first and the data after cost a phone a second long render
    // (docs/performance.md, "The signed-in pages"). A failure is the page's to show, with its retry.
    await Promise.all([
      // Each activated kit's food and lifestyle intake and its sample's pickup too, so that its card shows them at once.
      client
        .ensureQueryData(kitsQueryOptions)
        .then((kits) =>
          Promise.all([
            ...kits.filter(showsIntake).map((kit) => client.ensureQueryData(kitIntakeQueryOptions(kit._id))),
            ...kits.filter(showsPickup).map((kit) => client.ensureQueryData(samplePickupQueryOptions(kit._id))),
            // Its panel's code, fetched beside its data, so that the card shows it at once.
            ...(kits.some(showsPickup) ? [import('@/features/kits/components/SamplePickup')] : []),
          ]),
        )
        .catch(() => undefined),
      client.ensureQueryData(myQuestionnaireResultsQueryOptions).catch(() => undefined),
    ]);
  },
  component: DashboardRoute,
});

/** A kit another account activated holds nothing of the buyer's to answer: its intake is its holder's. */
const showsIntake = (kit: OwnedKit) => kit.claim !== 'activatedByAnother' && SHOWS_INTAKE.has(kit.state);

function kitExtra(kit: OwnedKit) {
  const holds = kit.claim !== 'activatedByAnother';
  return (
    <>
      {showsPickup(kit) ? (
        <Suspense fallback={null}>
          <SamplePickup kitId={kit._id} />
        </Suspense>
      ) : null}
      {showsIntake(kit) ? <KitIntake kitId={kit._id} kitName={kit.name} /> : null}
      {holds && kit.code === GUT_SENS_CODE && kit.activatedAt && ASKS_QUESTIONNAIRES.has(kit.state) ? <GutSensQuestionnaires activatedAt={kit.activatedAt} /> : null}
    </>
  );
}

function DashboardRoute() {
  return <DashboardPage scannedCode={Route.useSearch().code} kitExtra={kitExtra} after={<MyQuestionnaires />} />;
}
