import { createFileRoute } from '@tanstack/react-router';
import { AddProductPage } from '@/features/admin/products/components/ProductPages';

export const Route = createFileRoute('/admin/_admin/add-new-product')({
  component: AddProductPage,
});
