/**
 * The first six recipes, published with the demo data: everyday Indian dishes in Indian kitchen measures, across
 * the courses and diets. Nutrition per serving is an approximation from standard food-composition values for the
 * raw ingredients, and each recipe says so.
 */
import type { SeedPiece } from './pieces';

const APPROXIMATE = 'Nutrition figures are approximate, per serving, worked out from typical values for the raw ingredients.';

const ragiDosa: SeedPiece = {
  kind: 'recipe',
  slug: 'ragi-dosa-with-coconut-chutney',
  title: 'Ragi dosa with coconut chutney',
  summary: 'A fermented dosa of finger millet, urad dal and rice, with a fresh coconut chutney: a naturally gluten-free and vegan breakfast.',
  tags: ['fermented', 'millets', 'breakfast'],
  author: 'nutritionist',
  daysAgo: 28,
  bodyHtml: `
<p>Ragi (finger millet) has been part of Karnataka’s kitchens for centuries. Ground with urad dal and rice and left overnight to ferment, it makes a soft, earthy dosa with a gentle sour note. The batter keeps in the fridge for two to three days.</p>
<p>Plan ahead: the dal and rice soak for 5 to 6 hours and the batter ferments for 8 to 12 hours, depending on how warm your kitchen is.</p>`,
  recipe: {
    course: 'breakfast',
    diets: { vegetarian: true, vegan: true, glutenFree: true, jain: false },
    benefits: ['fermented', 'fibre', 'polyphenols'],
    prepMinutes: 30,
    cookMinutes: 30,
    servings: 4,
    ingredients: [
      { quantity: '1 cup (120 g)', item: 'ragi (finger millet) flour' },
      { quantity: '½ cup (100 g)', item: 'whole white urad dal' },
      { quantity: '½ cup (100 g)', item: 'idli rice or any short-grain rice' },
      { quantity: '1 tsp', item: 'methi (fenugreek) seeds' },
      { quantity: '1 tsp', item: 'salt, or to taste' },
      { quantity: '4 tsp', item: 'oil, for the tawa' },
      { quantity: '½ cup', item: 'grated fresh coconut, for the chutney' },
      { quantity: '2 tbsp', item: 'roasted chana dal (dalia), for the chutney' },
      { quantity: '1', item: 'green chilli, for the chutney' },
      { quantity: '½ inch', item: 'ginger, for the chutney' },
      { quantity: '1 tsp', item: 'oil, mustard seeds and a sprig of curry leaves, for the tadka' },
    ],
    steps: [
      'Wash the urad dal, rice and methi seeds together and soak them in water for 5 to 6 hours.',
      'Drain and grind them to a smooth, thick batter with a little fresh water. Stir in the ragi flour and salt, and add water until the batter pours like thick buttermilk.',
      'Cover and leave in a warm place for 8 to 12 hours, until the batter is bubbly and smells pleasantly sour.',
      'For the chutney, grind the coconut, roasted chana dal, green chilli, ginger and a pinch of salt with a few spoons of water. Heat the oil, splutter the mustard seeds and curry leaves, and pour over the chutney.',
      'Heat a tawa on medium, wipe it with a little oil, pour a ladle of batter in the centre and spread it in circles from the middle outwards.',
      'Drizzle a few drops of oil around the edge and cook until the underside is crisp and the top looks dry, about 2 minutes. Fold and serve hot with the chutney.',
    ],
    nutrition: { calories: 380, proteinGrams: 11, carbsGrams: 60, fatGrams: 11, fibreGrams: 7.5 },
    gutNote:
      'Fermenting the batter lets microbes feed on it overnight, and ragi brings fibre and polyphenols. Coconut adds a little more fibre. ' +
      'The dosa is cooked, so the batter’s microbes do not reach your gut alive. ' +
      APPROXIMATE,
  },
};

const moongDalChilla: SeedPiece = {
  kind: 'recipe',
  slug: 'moong-dal-chilla',
  title: 'Moong dal chilla',
  summary: 'Thin, savoury pancakes of soaked yellow moong dal with onion, ginger and coriander: high in protein, ready in half an hour once the dal has soaked.',
  tags: ['protein', 'fibre', 'snack'],
  author: 'nutritionist',
  daysAgo: 24,
  bodyHtml: `
<p>Chilla is what many North Indian homes make when they want something quick, filling and light. Moong dal makes it high in protein, and a spoon of sooji makes the edges crisp. Eat it as an evening snack with green chutney, or as a light breakfast with a katori of curd.</p>`,
  recipe: {
    course: 'snack',
    diets: { vegetarian: true, vegan: true, glutenFree: false, jain: false },
    benefits: ['protein', 'fibre'],
    prepMinutes: 15,
    cookMinutes: 15,
    servings: 2,
    ingredients: [
      { quantity: '1 katori (100 g)', item: 'yellow moong dal, soaked for 2 to 3 hours' },
      { quantity: '2 tbsp', item: 'sooji (semolina), for crisp edges' },
      { quantity: '1 small', item: 'onion, finely chopped' },
      { quantity: '1', item: 'green chilli, finely chopped' },
      { quantity: '1 tsp', item: 'grated ginger' },
      { quantity: '2 tbsp', item: 'chopped coriander leaves' },
      { quantity: '½ tsp', item: 'jeera (cumin seeds)' },
      { quantity: '¼ tsp', item: 'haldi (turmeric)' },
      { quantity: '', item: 'salt to taste' },
      { quantity: '2 tsp', item: 'oil, for the tawa' },
    ],
    steps: [
      'Drain the soaked dal and grind it with the ginger, green chilli and about ¼ cup of water to a smooth, pourable batter.',
      'Stir in the sooji, jeera, haldi and salt, and let it rest for 10 minutes so the sooji softens.',
      'Fold in the onion and coriander just before cooking, so the onion stays crunchy.',
      'Heat a tawa on medium, wipe it with a few drops of oil, pour a ladle of batter and spread it thin with the back of the ladle.',
      'Cook until the edges lift and the underside is golden, about 2 minutes, then flip and cook the other side for a minute. Serve hot.',
    ],
    nutrition: { calories: 270, proteinGrams: 13, carbsGrams: 40, fatGrams: 6, fibreGrams: 5 },
    gutNote:
      'Moong dal gives protein and fibre with a gentle, easily digested texture, which is why it is a familiar food for recovering stomachs. ' +
      'Sooji is wheat: leave it out, or use rice flour, for a gluten-free chilla. ' +
      APPROXIMATE,
  },
};

const rajmaBrownRice: SeedPiece = {
  kind: 'recipe',
  slug: 'rajma-with-brown-rice',
  title: 'Rajma with brown rice',
  summary: 'Kidney beans slow-cooked in an onion-tomato masala, with brown rice: a Sunday favourite with plenty of fibre and plant protein.',
  tags: ['fibre', 'protein', 'main'],
  author: 'nutritionist',
  daysAgo: 18,
  bodyHtml: `
<p>Rajma chawal is comfort food across North India. Brown rice keeps the bran of the grain, so it adds fibre and a nutty bite. Soak the rajma overnight and cook it until it is completely soft: undercooked kidney beans are hard on the stomach and should never be eaten.</p>`,
  recipe: {
    course: 'main',
    diets: { vegetarian: true, vegan: true, glutenFree: true, jain: false },
    benefits: ['fibre', 'protein', 'prebiotic'],
    prepMinutes: 20,
    cookMinutes: 60,
    servings: 4,
    ingredients: [
      { quantity: '1 cup (180 g)', item: 'rajma (red kidney beans), soaked overnight' },
      { quantity: '1 cup (190 g)', item: 'brown rice, soaked for 30 minutes' },
      { quantity: '2 medium', item: 'onions, finely chopped' },
      { quantity: '3 medium', item: 'tomatoes, puréed' },
      { quantity: '1 tbsp', item: 'ginger-garlic paste' },
      { quantity: '1', item: 'green chilli, slit' },
      { quantity: '1 tbsp', item: 'oil' },
      { quantity: '1 tsp', item: 'jeera (cumin seeds)' },
      { quantity: '1 tsp', item: 'dhania (coriander) powder' },
      { quantity: '1 tsp', item: 'Kashmiri red chilli powder' },
      { quantity: '½ tsp', item: 'haldi (turmeric)' },
      { quantity: '1 tsp', item: 'garam masala' },
      { quantity: '', item: 'salt to taste, and coriander leaves to finish' },
    ],
    steps: [
      'Drain the soaked rajma, add fresh water to cover by two inches and a little salt, and pressure-cook for 6 to 8 whistles, then on low for 10 minutes, until a bean mashes easily between your fingers.',
      'Cook the drained brown rice in 2½ cups of water, covered, on low heat for 35 to 40 minutes, or for 3 to 4 whistles in a pressure cooker.',
      'Heat the oil in a kadhai, add the jeera and, when it splutters, the onions. Fry until golden brown, about 10 minutes.',
      'Add the ginger-garlic paste and green chilli and fry for a minute, then the tomato purée, haldi, dhania and chilli powder. Cook until the oil separates from the masala.',
      'Add the rajma with its cooking water, mash a few beans against the side of the pan to thicken the gravy, and simmer for 15 minutes.',
      'Stir in the garam masala, finish with coriander leaves and serve with the brown rice.',
    ],
    nutrition: { calories: 400, proteinGrams: 15, carbsGrams: 72, fatGrams: 6, fibreGrams: 15 },
    gutNote:
      'Beans carry fibre and galacto-oligosaccharides, which gut bacteria ferment into short-chain fatty acids, and brown rice keeps the fibre of its bran. ' +
      'If beans make you gassy, start with a smaller katori and increase slowly; if you follow a low-FODMAP plan for IBS, ask your nutritionist first. ' +
      APPROXIMATE,
  },
};

const curdRice: SeedPiece = {
  kind: 'recipe',
  slug: 'curd-rice-with-pomegranate',
  title: 'Curd rice with pomegranate',
  summary: 'Soft rice folded into fresh curd with a mustard and curry leaf tadka, cucumber and pomegranate: the cooling South Indian end to a meal.',
  tags: ['fermented', 'curd', 'main'],
  author: 'nutritionist',
  daysAgo: 14,
  bodyHtml: `
<p>Thayir sadam, curd rice, closes many a South Indian meal and fills many a lunch box. Mix the curd in once the rice has cooled, so the curd stays fresh and tangy, and add the pomegranate just before serving so it keeps its crunch.</p>`,
  recipe: {
    course: 'main',
    diets: { vegetarian: true, vegan: false, glutenFree: true, jain: false },
    benefits: ['fermented', 'polyphenols'],
    prepMinutes: 15,
    cookMinutes: 20,
    servings: 3,
    ingredients: [
      { quantity: '¾ cup (150 g)', item: 'rice, such as sona masoori' },
      { quantity: '1½ cups (360 g)', item: 'fresh curd (dahi), whisked' },
      { quantity: '½ cup', item: 'pomegranate arils' },
      { quantity: '1 small', item: 'cucumber, grated' },
      { quantity: '2 tsp', item: 'oil' },
      { quantity: '½ tsp', item: 'mustard seeds' },
      { quantity: '1 tsp', item: 'urad dal' },
      { quantity: '1 sprig', item: 'curry leaves' },
      { quantity: '1', item: 'green chilli, finely chopped' },
      { quantity: '1 tsp', item: 'grated ginger' },
      { quantity: '', item: 'salt to taste, and coriander leaves to finish' },
    ],
    steps: [
      'Cook the rice with 2¼ cups of water until very soft, then mash it lightly and let it cool to room temperature.',
      'Mix the curd, grated cucumber and salt into the cooled rice. Add a few spoons of water or milk if it is too thick.',
      'Heat the oil in a small pan, add the mustard seeds and, when they splutter, the urad dal. Fry until the dal turns golden.',
      'Add the curry leaves, green chilli and ginger, stir for a few seconds and pour the tadka over the rice.',
      'Mix, top with the pomegranate and coriander, and serve at room temperature or slightly chilled.',
    ],
    nutrition: { calories: 305, proteinGrams: 8, carbsGrams: 50, fatGrams: 9, fibreGrams: 2 },
    gutNote:
      'Fresh home-set curd holds live lactic acid bacteria, and mixing it into cooled rice rather than hot keeps more of them alive. ' +
      'Pomegranate adds polyphenols, and cooked rice that has cooled holds a little more resistant starch, which gut bacteria ferment. ' +
      APPROXIMATE,
  },
};

const kanji: SeedPiece = {
  kind: 'recipe',
  slug: 'mixed-vegetable-kanji',
  title: 'Mixed vegetable kanji',
  summary: 'A tangy, deep-purple fermented drink of carrots and beetroot with mustard seeds, made in a glass jar over three to five days.',
  tags: ['fermented', 'drink', 'winter'],
  author: 'nutritionist',
  daysAgo: 9,
  bodyHtml: `
<p>Kanji is a Punjabi and North Indian winter drink, traditionally made with black carrots when they are in season. Outside the season, red carrots with a little beetroot give the same colour. It is fermented by the microbes already on the vegetables, helped along by the mustard seeds and salt.</p>
<p>Use a clean glass or ceramic jar and a clean, dry spoon every time. If the kanji grows fuzzy mould or smells rotten rather than pleasantly sour, throw it away and start again.</p>`,
  recipe: {
    course: 'drink',
    diets: { vegetarian: true, vegan: true, glutenFree: true, jain: false },
    benefits: ['fermented', 'polyphenols'],
    prepMinutes: 15,
    cookMinutes: 0,
    servings: 6,
    ingredients: [
      { quantity: '250 g', item: 'black carrots, or red carrots, peeled and cut into sticks' },
      { quantity: '1 small', item: 'beetroot, peeled and cut into sticks' },
      { quantity: '1 tbsp', item: 'rai (mustard seeds), coarsely ground' },
      { quantity: '1½ tsp', item: 'salt, or half salt and half black salt' },
      { quantity: '½ tsp', item: 'red chilli powder' },
      { quantity: '1.5 litres', item: 'drinking water, boiled and cooled' },
    ],
    steps: [
      'Put the carrots and beetroot in a clean glass jar of about 2 litres.',
      'Add the ground mustard seeds, salt and chilli powder, pour in the cooled water and stir with a clean, dry spoon.',
      'Cover the mouth of the jar with a muslin cloth tied with a string, and keep it in the sun or a warm spot for 3 to 5 days, stirring once a day.',
      'It is ready when it tastes pleasantly sour and the mustard gives a light tingle. Strain it, or leave the vegetables in, and keep it in the fridge for up to a week.',
      'Serve a small glass, about 150 ml, before a meal.',
    ],
    nutrition: { calories: 20, proteinGrams: 0.5, carbsGrams: 4, fatGrams: 0.3, fibreGrams: 0.5 },
    gutNote:
      'Kanji is a naturally fermented drink: lactic acid bacteria from the vegetables sour it, and black carrots and beetroot give it their polyphenols. ' +
      'It is salty, so go easy if you have been told to limit salt. The figures are for a glass of the strained drink, and are a rough estimate, as fermentation uses up some of the sugars. ' +
      APPROXIMATE,
  },
};

const laukiChanaDal: SeedPiece = {
  kind: 'recipe',
  slug: 'lauki-chana-dal',
  title: 'Lauki chana dal (Jain-friendly)',
  summary: 'Bottle gourd and chana dal cooked with tomato, cumin and hing, with no onion, garlic, ginger or other root vegetables: a light dal for every day.',
  tags: ['fibre', 'protein', 'jain'],
  author: 'nutritionist',
  daysAgo: 5,
  bodyHtml: `
<p>Lauki chana dal is made in homes across Gujarat, Rajasthan and beyond. This version leaves out onion, garlic, ginger and every root vegetable, so it suits a Jain kitchen, and it is just as good for anyone who wants a light, soothing dal. Hing gives the savoury depth that onion and garlic usually would.</p>`,
  recipe: {
    course: 'side',
    diets: { vegetarian: true, vegan: true, glutenFree: true, jain: true },
    benefits: ['fibre', 'protein'],
    prepMinutes: 15,
    cookMinutes: 25,
    servings: 4,
    ingredients: [
      { quantity: '½ cup (100 g)', item: 'chana dal, soaked for 1 hour' },
      { quantity: '250 g', item: 'lauki (bottle gourd), peeled and cubed' },
      { quantity: '2 medium', item: 'tomatoes, chopped' },
      { quantity: '1', item: 'green chilli, slit' },
      { quantity: '1 tbsp', item: 'oil' },
      { quantity: '1 tsp', item: 'jeera (cumin seeds)' },
      { quantity: 'a pinch', item: 'hing (asafoetida); choose a gluten-free one, as many are mixed with wheat flour' },
      { quantity: '½ tsp', item: 'haldi (turmeric)' },
      { quantity: '1 tsp', item: 'dhania (coriander) powder' },
      { quantity: '½ tsp', item: 'red chilli powder' },
      { quantity: '', item: 'salt to taste, and coriander leaves to finish' },
    ],
    steps: [
      'Pressure-cook the drained chana dal and lauki with 2 cups of water, the haldi and salt for 3 whistles, until the dal is soft but holds its shape.',
      'Heat the oil in a kadhai, add the jeera and, when it splutters, the hing and green chilli.',
      'Add the tomatoes, dhania and chilli powder and cook until the tomatoes are soft and the oil separates, about 5 minutes.',
      'Pour in the dal and lauki, add water for the consistency you like, and simmer for 5 minutes.',
      'Finish with coriander leaves and serve with rice or phulkas.',
    ],
    nutrition: { calories: 140, proteinGrams: 6, carbsGrams: 19, fatGrams: 5, fibreGrams: 4 },
    gutNote:
      'Chana dal brings protein and fibre, and lauki is mostly water and soft fibre, easy on the stomach, which makes this a gentle dal for days when your gut needs rest. ' +
      'Cook it with ghee instead of oil if you like; it is then no longer vegan. ' +
      APPROXIMATE,
  },
};

export const SEED_RECIPES: readonly SeedPiece[] = [ragiDosa, moongDalChilla, rajmaBrownRice, curdRice, kanji, laukiChanaDal];
