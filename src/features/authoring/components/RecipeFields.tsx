/** What a recipe has beyond a post: course, diets, gut benefits, times, servings, ingredients, steps, nutrition and the gut note. */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import type { ReactNode } from 'react';
import { TextField } from '@/components/ui/fields';
import { SelectField } from '@/components/ui/select-field';
import { COURSE_LABEL, COURSES, DIET_LABEL, DIETS, GUT_BENEFIT_LABEL, GUT_BENEFITS, isRecipeCourse } from '@/lib/recipe-terms';
import { LIMITS, moved, NUTRIENTS, nutrientLabel, rowKey, type DraftProblems, type RecipeValues } from '../draft';
import { FieldGroup, LongText, Tick } from './FieldParts';

interface RecipeFieldsProps {
  recipe: RecipeValues;
  onChange: (update: (recipe: RecipeValues) => RecipeValues) => void;
  problems: DraftProblems;
  readOnly: boolean;
}

const COURSE_OPTIONS = COURSES.map((course) => ({ value: course, label: COURSE_LABEL[course] }));

/** Earlier, Later and Remove for one row, named with the row so that a screen reader says which. */
function RowButtons({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <Flex gap="1" wrap="wrap">
      <Button type="button" size="sm" variant="outline" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${what} ${index + 1} up`}>
        Up
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${what} ${index + 1} down`}
      >
        Down
      </Button>
      <Button type="button" size="sm" variant="outline" colorPalette="red" onClick={onRemove} aria-label={`Remove ${what} ${index + 1}`}>
        Remove
      </Button>
    </Flex>
  );
}

function Row({ number, children, buttons }: { number: number; children: ReactNode; buttons: ReactNode }) {
  return (
    <Flex
      as="li"
      gap="3"
      align={{ base: 'stretch', md: 'flex-start' }}
      direction={{ base: 'column', md: 'row' }}
      borderBottomWidth="1px"
      borderColor="gray.100"
      pb="3"
    >
      <Text as="span" aria-hidden="true" fontWeight="semibold" color="gray.700" minW="6" pt={{ md: '2' }}>
        {number}.
      </Text>
      <Box flex="1" minW="0">
        {children}
      </Box>
      {buttons}
    </Flex>
  );
}

/**
 * A numbered list of rows the author adds, edits, moves and removes (a recipe's ingredients, its steps), in its
 * fieldset: `children` draws a row's fields and changes them with `update`.
 */
function RowsEditor<Item extends { key: number }>({
  legend,
  error,
  helper,
  what,
  empty,
  testId,
  rows,
  onRows,
  limit,
  addLabel,
  newRow,
  readOnly,
  children,
}: {
  legend: string;
  error: string | undefined;
  helper: string;
  /** The row's name in its buttons' labels: `Move ${what} 2 up`. */
  what: string;
  empty: string;
  testId: string;
  rows: readonly Item[];
  onRows: (rows: Item[]) => void;
  limit: number;
  addLabel: string;
  newRow: () => Item;
  readOnly: boolean;
  children: (row: Item, index: number, update: (change: Partial<Item>) => void) => ReactNode;
}) {
  return (
    <FieldGroup legend={legend} error={error} helper={helper}>
      {rows.length === 0 ? (
        <Text color="gray.700" mb="3">
          {empty}
        </Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap="3" mb="3" data-testid={testId}>
          {rows.map((row, index) => (
            <Row
              key={row.key}
              number={index + 1}
              buttons={
                readOnly ? null : (
                  <RowButtons
                    what={what}
                    index={index}
                    count={rows.length}
                    onMove={(by) => onRows(moved(rows, index, by))}
                    onRemove={() => onRows(rows.filter((kept) => kept.key !== row.key))}
                  />
                )
              }
            >
              {children(row, index, (change) => onRows(rows.map((kept) => (kept.key === row.key ? { ...kept, ...change } : kept))))}
            </Row>
          ))}
        </Stack>
      )}
      {readOnly ? null : (
        <Button type="button" size="sm" variant="outline" colorPalette="brand" disabled={rows.length >= limit} onClick={() => onRows([...rows, newRow()])}>
          {addLabel}
        </Button>
      )}
    </FieldGroup>
  );
}

export function RecipeFields({ recipe, onChange, problems, readOnly }: RecipeFieldsProps) {
  const set = <Key extends keyof RecipeValues>(key: Key, value: RecipeValues[Key]) => onChange((current) => ({ ...current, [key]: value }));
  const numberField = (key: 'prepMinutes' | 'cookMinutes' | 'servings', label: string, helper: string) => (
    <TextField
      label={label}
      required={false}
      inputMode="numeric"
      autoComplete="off"
      readOnly={readOnly}
      value={recipe[key]}
      onValueChange={(value) => set(key, value)}
      error={problems[key]}
      helper={helper}
    />
  );

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <SelectField
          id="recipe-course"
          label="Course"
          placeholder="Choose a course…"
          value={recipe.course}
          options={COURSE_OPTIONS}
          disabled={readOnly}
          error={problems.course}
          onChange={(value) => {
            if (isRecipeCourse(value)) set('course', value);
          }}
        />
        {numberField('servings', 'Servings', 'How many it serves, 1 to 50.')}
        {numberField('prepMinutes', 'Preparation (minutes)', 'Soaking and chopping included.')}
        {numberField('cookMinutes', 'Cooking (minutes)', '0 for a dish that is not cooked.')}
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FieldGroup legend="Suits these diets" error={problems.diets}>
          {DIETS.map((diet) => (
            <Tick
              key={diet}
              label={DIET_LABEL[diet]}
              checked={recipe.diets[diet]}
              disabled={readOnly}
              onChange={(checked) => set('diets', { ...recipe.diets, [diet]: checked })}
            />
          ))}
        </FieldGroup>
        <FieldGroup legend="Good for the gut because of its" error={problems.benefits}>
          {GUT_BENEFITS.map((benefit) => (
            <Tick
              key={benefit}
              label={GUT_BENEFIT_LABEL[benefit]}
              checked={recipe.benefits.includes(benefit)}
              disabled={readOnly}
              onChange={(checked) =>
                set(
                  'benefits',
                  checked
                    ? GUT_BENEFITS.filter((kept) => kept === benefit || recipe.benefits.includes(kept))
                    : recipe.benefits.filter((kept) => kept !== benefit),
                )
              }
            />
          ))}
        </FieldGroup>
      </SimpleGrid>

      <RowsEditor
        legend="Ingredients"
        error={problems.ingredients}
        helper="A row each: the quantity in kitchen measures (1 katori, 2 tbsp, 200 g; empty for “salt to taste”) and the ingredient."
        what="ingredient"
        empty="No ingredients yet."
        testId="ingredient-rows"
        rows={recipe.ingredients}
        onRows={(rows) => set('ingredients', rows)}
        limit={LIMITS.ingredients}
        addLabel="Add an ingredient"
        newRow={() => ({ key: rowKey(), quantity: '', item: '' })}
        readOnly={readOnly}
      >
        {(row, index, update) => (
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
            <Input
              aria-label={`Quantity of ingredient ${index + 1}`}
              placeholder="Quantity"
              w={{ base: 'full', sm: '9rem' }}
              flexShrink={0}
              maxLength={LIMITS.quantity}
              readOnly={readOnly}
              value={row.quantity}
              onChange={(event) => update({ quantity: event.target.value })}
            />
            <Input
              aria-label={`Ingredient ${index + 1}`}
              placeholder="Ingredient"
              maxLength={LIMITS.item}
              readOnly={readOnly}
              value={row.item}
              onChange={(event) => update({ item: event.target.value })}
            />
          </Flex>
        )}
      </RowsEditor>

      <RowsEditor
        legend="Method"
        error={problems.steps}
        helper="One step a row, in the order they are done."
        what="step"
        empty="No steps yet."
        testId="step-rows"
        rows={recipe.steps}
        onRows={(rows) => set('steps', rows)}
        limit={LIMITS.steps}
        addLabel="Add a step"
        newRow={() => ({ key: rowKey(), text: '' })}
        readOnly={readOnly}
      >
        {(row, index, update) => (
          <Textarea
            recipe={textareaRecipe}
            aria-label={`Step ${index + 1}`}
            rows={2}
            maxLength={LIMITS.step}
            readOnly={readOnly}
            value={row.text}
            onChange={(event) => update({ text: event.target.value })}
          />
        )}
      </RowsEditor>

      <FieldGroup
        legend="Nutrition per serving"
        error={problems.nutrition}
        helper="As you worked it out, for one serving; all five, or none until you have them."
      >
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
          {NUTRIENTS.map((nutrient) => (
            <TextField
              key={nutrient}
              label={nutrientLabel(nutrient)}
              required={false}
              inputMode="decimal"
              autoComplete="off"
              readOnly={readOnly}
              value={recipe.nutrition[nutrient]}
              onValueChange={(value) => set('nutrition', { ...recipe.nutrition, [nutrient]: value })}
            />
          ))}
        </SimpleGrid>
      </FieldGroup>

      <LongText
        label="Why it is good for the gut"
        helper="In a few sentences, without promises of cures."
        value={recipe.gutNote}
        onChange={(value) => set('gutNote', value)}
        maxLength={LIMITS.gutNote}
        rows={4}
        readOnly={readOnly}
        error={problems.gutNote}
      />
    </Stack>
  );
}
