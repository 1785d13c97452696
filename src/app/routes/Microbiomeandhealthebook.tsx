import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/Microbiomeandhealthebook')({
  component: MicrobiomeandhealthebookPage,
});

function MicrobiomeandhealthebookPage() {
  return <ComingSoon title="Microbiome and Health: the ebook" about="A free guide to your gut and your health." />;
}
