import { createFileRoute } from '@tanstack/react-router';
import { GstRegistersPage } from '@/features/admin/gst/GstRegistersPage';

export const Route = createFileRoute('/admin/_admin/gst-registers')({
  component: GstRegistersPage,
});
