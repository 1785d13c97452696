/**
 * The food and lifestyle intake the lab reads with every sample: its questions, their answers in plain words, and the
 * rules an answer set must keep. Shared by the SPA (the steps on the dashboard, the review, the care team's view) and
 * the server (which refuses answers that break a rule, with the same reasons).
 */
import type { components } from '../openapi/schema';

export type IntakeAnswers = components['schemas']['KitIntakeAnswers'];
export type IntakeField = keyof IntakeAnswers;
/** Answers while they are being given: any of them may still be missing. */
export type IntakeDraft = Partial<IntakeAnswers>;

export const DIET_LABELS: Record<IntakeAnswers['diet'], string> = {
  vegetarian: 'Vegetarian (milk and curd, no eggs, meat or fish)',
  eggetarian: 'Eggetarian (vegetarian, and eggs)',
  nonVegetarian: 'Non-vegetarian (eggs, chicken, mutton or fish)',
  vegan: 'Vegan (no milk, curd, ghee or other animal foods)',
  jain: 'Jain (vegetarian, no onion, garlic or root vegetables)',
  other: 'Other or mixed',
};

export const FERMENTED_LABELS: Record<IntakeAnswers['fermentedFoods'], string> = {
  daily: 'Every day',
  weekly: 'A few times a week',
  rarely: 'A few times a month or less',
  never: 'Never',
};

export const ANTIBIOTICS_LABELS: Record<IntakeAnswers['antibiotics'], string> = {
  no: 'No',
  yes: 'Yes',
  notSure: 'Not sure',
};

export const PROBIOTICS_LABELS: Record<IntakeAnswers['probiotics'], string> = {
  no: 'No',
  yes: 'Yes',
};

/** The Bristol stool chart, types 1 to 7, in short plain words. */
export const BRISTOL_LABELS: Record<number, { name: string; description: string }> = {
  1: { name: 'Type 1', description: 'Separate hard lumps, like nuts; hard to pass' },
  2: { name: 'Type 2', description: 'Sausage-shaped but lumpy' },
  3: { name: 'Type 3', description: 'Like a sausage, with cracks on its surface' },
  4: { name: 'Type 4', description: 'Like a sausage or snake, smooth and soft' },
  5: { name: 'Type 5', description: 'Soft blobs with clear-cut edges; passed easily' },
  6: { name: 'Type 6', description: 'Fluffy, mushy pieces with ragged edges' },
  7: { name: 'Type 7', description: 'Watery, no solid pieces; entirely liquid' },
};
export const BRISTOL_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;

export const BOWEL_FREQUENCY_LABELS: Record<IntakeAnswers['bowelFrequency'], string> = {
  under3PerWeek: 'Fewer than 3 times a week',
  '3to6PerWeek': '3 to 6 times a week',
  '1PerDay': 'Once a day',
  '2to3PerDay': '2 or 3 times a day',
  over3PerDay: 'More than 3 times a day',
};

export type IntakeCondition = IntakeAnswers['conditions'][number];
export const CONDITION_LABELS: Record<IntakeCondition, string> = {
  none: 'None of these',
  ibs: 'Irritable bowel syndrome (IBS)',
  ibd: "Crohn's disease or ulcerative colitis (IBD)",
  coeliac: 'Coeliac disease',
  acidReflux: 'Acid reflux (GERD)',
  diabetes: 'Diabetes or prediabetes',
  thyroid: 'Thyroid condition',
  pcos: 'PCOS',
  fattyLiver: 'Fatty liver',
  highBloodPressure: 'High blood pressure',
  other: 'Other (please say which)',
};

export const INTAKE_TEXT_LIMITS = { antibioticsWhich: 200, otherMedicines: 500, otherConditions: 300 } as const;

/** The steps on a phone, in order; each names the answers it asks for. */
export const INTAKE_STEPS = [
  { id: 'food', title: 'Food', fields: ['diet', 'fermentedFoods'] },
  { id: 'medicines', title: 'Medicines', fields: ['antibiotics', 'antibioticsWhich', 'probiotics', 'otherMedicines'] },
  { id: 'bowel', title: 'Bowel habits', fields: ['bristolType', 'bowelFrequency'] },
  { id: 'health', title: 'Health', fields: ['conditions', 'otherConditions', 'heightCm', 'weightKg'] },
] as const satisfies readonly { id: string; title: string; fields: readonly IntakeField[] }[];

export const INTAKE_QUESTIONS: Record<IntakeField, string> = {
  diet: 'Which best describes how you eat?',
  fermentedFoods: 'How often do you eat curd, buttermilk or other fermented foods (idli, dosa, dhokla, kanji)?',
  antibiotics: 'Have you taken antibiotics in the last 3 months?',
  antibioticsWhich: 'Which antibiotic? If you do not remember its name, say what it was for.',
  probiotics: 'Have you taken probiotic supplements (capsules, sachets or drinks) in the last month?',
  otherMedicines: 'Other medicines you take regularly (optional)',
  bristolType: 'Which type is your stool usually? (Bristol stool chart)',
  bowelFrequency: 'How often do you usually pass stool?',
  conditions: 'Has a doctor diagnosed you with any of these?',
  otherConditions: 'Which other condition?',
  heightCm: 'Height in cm (optional)',
  weightKg: 'Weight in kg (optional)',
};

const REQUIRED: Partial<Record<IntakeField, string>> = {
  diet: 'Choose how you eat.',
  fermentedFoods: 'Choose how often you eat fermented foods.',
  antibiotics: 'Say whether you took antibiotics in the last 3 months.',
  probiotics: 'Say whether you took probiotics in the last month.',
  bristolType: 'Choose the type closest to your usual stool.',
  bowelFrequency: 'Choose how often you pass stool.',
  conditions: 'Choose the conditions diagnosed, or "None of these".',
};

const hasText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * What is wrong with the answers of the given fields (all of them by default), one reason per answer. Empty when
 * they may be kept.
 */
export function intakeProblems(draft: IntakeDraft, fields: readonly IntakeField[] = Object.keys(INTAKE_QUESTIONS) as IntakeField[]): Partial<Record<IntakeField, string>> {
  const problems: Partial<Record<IntakeField, string>> = {};
  for (const field of fields) {
    const value = draft[field];
    const required = REQUIRED[field];
    if (required && (value === undefined || value === null || (Array.isArray(value) && value.length === 0))) {
      problems[field] = required;
      continue;
    }
    if (field === 'antibioticsWhich') {
      if (draft.antibiotics === 'yes' && !hasText(value)) problems[field] = 'Say which antibiotic you took, or what it was for.';
      else if (typeof value === 'string' && value.length > INTAKE_TEXT_LIMITS.antibioticsWhich) problems[field] = `At most ${INTAKE_TEXT_LIMITS.antibioticsWhich} characters.`;
    }
    if (field === 'otherMedicines' && typeof value === 'string' && value.length > INTAKE_TEXT_LIMITS.otherMedicines) {
      problems[field] = `At most ${INTAKE_TEXT_LIMITS.otherMedicines} characters.`;
    }
    if (field === 'conditions' && Array.isArray(value) && value.includes('none') && value.length > 1) {
      problems[field] = '"None of these" cannot go with a condition.';
    }
    if (field === 'otherConditions') {
      if (draft.conditions?.includes('other') && !hasText(value)) problems[field] = 'Say which other condition.';
      else if (typeof value === 'string' && value.length > INTAKE_TEXT_LIMITS.otherConditions) problems[field] = `At most ${INTAKE_TEXT_LIMITS.otherConditions} characters.`;
    }
    if (field === 'heightCm' && value !== undefined && !(Number.isInteger(value) && (value as number) >= 50 && (value as number) <= 250)) {
      problems[field] = 'Height in whole centimetres, between 50 and 250.';
    }
    if (field === 'weightKg' && value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 10 && value <= 300)) {
      problems[field] = 'Weight in kilograms, between 10 and 300.';
    }
  }
  return problems;
}

/**
 * The answers as kept: texts trimmed, empty ones left out, and the antibiotic's name and the other condition only
 * when their question applies.
 */
export function cleanIntake(answers: IntakeAnswers): IntakeAnswers {
  const clean: IntakeAnswers = {
    diet: answers.diet,
    fermentedFoods: answers.fermentedFoods,
    antibiotics: answers.antibiotics,
    probiotics: answers.probiotics,
    bristolType: answers.bristolType,
    bowelFrequency: answers.bowelFrequency,
    conditions: answers.conditions,
  };
  if (answers.antibiotics === 'yes' && hasText(answers.antibioticsWhich)) clean.antibioticsWhich = answers.antibioticsWhich.trim();
  if (hasText(answers.otherMedicines)) clean.otherMedicines = answers.otherMedicines.trim();
  if (answers.conditions.includes('other') && hasText(answers.otherConditions)) clean.otherConditions = answers.otherConditions.trim();
  if (answers.heightCm !== undefined) clean.heightCm = answers.heightCm;
  if (answers.weightKg !== undefined) clean.weightKg = answers.weightKg;
  return clean;
}

/** Each answer in plain words, in the order of the steps, for the review and the care team. */
export function intakeSummary(answers: IntakeDraft): { field: IntakeField; question: string; answer: string }[] {
  const rows: { field: IntakeField; question: string; answer: string }[] = [];
  const add = (field: IntakeField, answer: string | undefined) => {
    if (answer !== undefined && answer !== '') rows.push({ field, question: INTAKE_QUESTIONS[field].replace(/ \(optional\)$/, ''), answer });
  };
  add('diet', answers.diet && DIET_LABELS[answers.diet]);
  add('fermentedFoods', answers.fermentedFoods && FERMENTED_LABELS[answers.fermentedFoods]);
  add('antibiotics', answers.antibiotics && ANTIBIOTICS_LABELS[answers.antibiotics]);
  if (answers.antibiotics === 'yes') add('antibioticsWhich', answers.antibioticsWhich?.trim());
  add('probiotics', answers.probiotics && PROBIOTICS_LABELS[answers.probiotics]);
  add('otherMedicines', answers.otherMedicines?.trim());
  add('bristolType', answers.bristolType === undefined ? undefined : `${BRISTOL_LABELS[answers.bristolType]?.name ?? answers.bristolType}: ${BRISTOL_LABELS[answers.bristolType]?.description ?? ''}`);
  add('bowelFrequency', answers.bowelFrequency && BOWEL_FREQUENCY_LABELS[answers.bowelFrequency]);
  add('conditions', answers.conditions?.map((condition) => CONDITION_LABELS[condition].replace(' (please say which)', '')).join(', '));
  if (answers.conditions?.includes('other')) add('otherConditions', answers.otherConditions?.trim());
  add('heightCm', answers.heightCm === undefined ? undefined : `${answers.heightCm} cm`);
  add('weightKg', answers.weightKg === undefined ? undefined : `${answers.weightKg} kg`);
  return rows;
}
