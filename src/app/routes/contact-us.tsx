import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/contact-us')({
  component: ContactUsPage,
});

function ContactUsPage() {
  return <ComingSoon title="Contact Us" about="Write to us or call us; we answer within one working day." />;
}
