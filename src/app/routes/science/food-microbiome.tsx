import { createFileRoute } from '@tanstack/react-router';
import { FoodMicrobiomePage } from '@/features/science/components/FoodMicrobiomePage';

export const Route = createFileRoute('/science/food-microbiome')({
  component: FoodMicrobiomePage,
});
