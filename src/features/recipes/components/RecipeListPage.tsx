/**
 * /recipe-list: the published recipes, newest first, twelve to a page, filtered by diet, gut benefit and course and
 * searched by words, all of it in the address. Prerendered with its heading, filters and the list loading; the list
 * is fetched in the browser for the address's filters.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { ContentList } from '@/components/content/ContentList';
import { ContentPage } from '@/components/layout/Prose';
import { FilterSelect, SearchBox } from '@/components/staff/ListControls';
import { CONTENT_PAGE_SIZE } from '@/lib/content-search';
import { useLastData, useRetryQuery } from '@/lib/public-queries';
import {
  COURSE_LABEL,
  COURSES,
  DIET_LABEL,
  DIETS,
  GUT_BENEFIT_LABEL,
  GUT_BENEFITS,
  type Diet,
  type GutBenefit,
  type RecipeCourse,
} from '@/lib/recipe-terms';
import { recipesQueryOptions, useRecipes, type RecipeList } from '../api/list-recipes';
import type { RecipeListSearch } from '../search';
import { RecipeCard } from './RecipeCard';

const ANY = '';
const BENEFIT_CHOICES = [ANY, ...GUT_BENEFITS] as const;
const BENEFIT_CHOICE_LABEL: Record<(typeof BENEFIT_CHOICES)[number], string> = { [ANY]: 'Any', ...GUT_BENEFIT_LABEL };
const COURSE_CHOICES = [ANY, ...COURSES] as const;
const COURSE_CHOICE_LABEL: Record<(typeof COURSE_CHOICES)[number], string> = { [ANY]: 'Any course', ...COURSE_LABEL };

const recipes = (count: number) => (count === 1 ? '1 recipe' : `${count} recipes`);

type FilterChange = Omit<RecipeListSearch, 'page'>;

/** The search box, the diets as toggle buttons, and the gut benefit and course as selects; each applies at once. */
function Filters({ search, onChange }: { search: RecipeListSearch; onChange: (change: FilterChange) => void }) {
  const toggle = (diet: Diet) => {
    const change: FilterChange = {};
    change[diet] = search[diet] ? undefined : true;
    onChange(change);
  };
  return (
    <Box bg="gray.50" rounded="lg" p={{ base: '4', md: '5' }} mb="6">
      <SearchBox id="recipe-search" label="Search the recipes" placeholder="e.g. ragi, curd, dal" value={search.q} onSearch={(q) => onChange({ q })} />
      <Box role="group" aria-labelledby="diet-filter-title" mt="5">
        <Text id="diet-filter-title" fontWeight="medium" color="gray.800" mb="2">
          Diet
        </Text>
        <Flex as="ul" listStyleType="none" wrap="wrap" gap="2">
          {DIETS.map((diet) => (
            <li key={diet}>
              <Button
                size="sm"
                rounded="full"
                colorPalette="brand"
                variant={search[diet] ? 'solid' : 'outline'}
                aria-pressed={Boolean(search[diet])}
                onClick={() => toggle(diet)}
              >
                {DIET_LABEL[diet]}
              </Button>
            </li>
          ))}
        </Flex>
      </Box>
      <Flex gap="4" wrap="wrap" mt="5">
        <FilterSelect
          id="recipe-benefit"
          label="Gut benefit"
          value={search.benefit ?? ANY}
          values={BENEFIT_CHOICES}
          labels={BENEFIT_CHOICE_LABEL}
          onChange={(benefit) => onChange({ benefit: benefit === ANY ? undefined : (benefit as GutBenefit) })}
        />
        <FilterSelect
          id="recipe-course"
          label="Course"
          value={search.course ?? ANY}
          values={COURSE_CHOICES}
          labels={COURSE_CHOICE_LABEL}
          onChange={(course) => onChange({ course: course === ANY ? undefined : (course as RecipeCourse) })}
        />
      </Flex>
    </Box>
  );
}

/** The filters in force, in words: "Vegan, Fibre, Breakfast, “dal”". */
function filtersInWords(search: RecipeListSearch): string {
  return [
    ...DIETS.filter((diet) => search[diet]).map((diet) => DIET_LABEL[diet]),
    search.benefit ? GUT_BENEFIT_LABEL[search.benefit] : '',
    search.course ? COURSE_LABEL[search.course] : '',
    search.q ? `“${search.q}”` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** What the list shows, in words, for screen readers as it changes. */
function statusOf(search: RecipeListSearch, list: RecipeList | undefined, updating: boolean, failed: boolean): string {
  if (failed) return '';
  if (!list) return 'Loading the recipes…';
  if (updating) return 'Updating the list…';
  const filters = filtersInWords(search);
  const pageCount = Math.ceil(list.total / CONTENT_PAGE_SIZE);
  const where = pageCount > 1 ? `, page ${Math.min(search.page ?? 1, pageCount)} of ${pageCount}` : '';
  return filters ? `${recipes(list.total)} for ${filters}${where}.` : `${recipes(list.total)}, newest first${where}.`;
}

export function RecipeListPage({ search }: { search: RecipeListSearch }) {
  const navigate = useNavigate();
  const query = useRecipes(search);
  const retry = useRetryQuery(recipesQueryOptions(search).queryKey);
  // While another page's or filter's list is on its way, the last one stays on screen, marked as updating.
  const kept = useLastData(query.data);
  const list = query.isError ? undefined : kept;
  const updating = query.isPending && list !== undefined;
  const filtered = filtersInWords(search) !== '';
  // A new filter starts at the first page and keeps the reader where they are; a new page starts at its top.
  const filter = (change: FilterChange) => void navigate({ to: '/recipe-list', search: { ...search, ...change, page: undefined }, resetScroll: false });
  const showPage = (page: number) => void navigate({ to: '/recipe-list', search: { ...search, page: page > 1 ? page : undefined } });
  const clear = () => void navigate({ to: '/recipe-list', search: {}, resetScroll: false });

  return (
    <ContentPage
      title="Recipes"
      description="Gut-friendly Indian recipes from our nutritionists: vegetarian, vegan, gluten-free and Jain dishes, by gut benefit and course."
      path="/recipe-list"
      lead="Everyday Indian dishes made with the gut in mind, in Indian kitchen measures. Filter them by diet, gut benefit or course."
    >
      <Filters search={search} onChange={filter} />
      <Text role="status" aria-live="polite" color="gray.700" mb="4" data-testid="recipes-status">
        {statusOf(search, list, updating, query.isError)}
      </Text>
      <ContentList
        name="recipes"
        label="Recipes"
        list={list}
        error={query.isError ? query.error : null}
        onRetry={retry}
        updating={updating}
        page={search.page ?? 1}
        onPage={showPage}
        filtered={filtered}
        onClear={clear}
        noMatch="No recipe matches these filters. Turn a filter off or try other words, or see every recipe."
        showAll="Show all recipes"
        clearLabel="Clear the filters"
        nothingYet={<Text>No recipes are published yet. Please come back soon.</Text>}
      >
        {(recipe) => <RecipeCard recipe={recipe} />}
      </ContentList>
      <Text mt="10" color="gray.700">
        Every recipe, by course, is also in{' '}
        <Link asChild color="brand.800" textDecoration="underline">
          <RouterLink to="/cookbook">our cookbook</RouterLink>
        </Link>
        , with a PDF to download.
      </Text>
    </ContentPage>
  );
}
