import { createFileRoute, notFound } from '@tanstack/react-router';
import { SampleReportPage } from '@/features/products/components/SampleReportPage';
import { SAMPLE_REPORTS, type SampleReportSlug } from '@/features/products/content/sample-reports';

const SLUGS: readonly string[] = ['gut360-start', 'gut360', 'gutsens', 'ibs-heal'] satisfies SampleReportSlug[];

/** A kit's sample report (`/sample-report/gut360`), linked from the kit's page; any other address is not found. */
export const Route = createFileRoute('/sample-report/$slug')({
  loader: ({ params }) => {
    if (!SLUGS.includes(params.slug)) throw notFound();
  },
  component: SampleReportRoute,
});

function SampleReportRoute() {
  const { slug } = Route.useParams();
  return <SampleReportPage report={SAMPLE_REPORTS[slug as SampleReportSlug]} />;
}
