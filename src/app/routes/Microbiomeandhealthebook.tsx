import { createFileRoute } from '@tanstack/react-router';
import { EbookPage } from '@/features/ebook/components/EbookPage';

export const Route = createFileRoute('/Microbiomeandhealthebook')({
  component: EbookPage,
});
