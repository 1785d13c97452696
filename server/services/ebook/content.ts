/**
 * The text of the free ebook, "The Gut Microbiome and Your Health: a practical guide for India", as structured
 * content that `pdf.ts` lays out. What it says about the kits follows the kit pages' content
 * (src/features/products/content/); what it says about research is limited to what is well established, phrased as
 * associations where that is all the research shows, and its further reading lists only real, correctly cited papers.
 */

/** A line of text with an optional bold lead-in: "Dal and legumes: …". */
export interface LeadText {
  lead: string;
  text: string;
}

export type EbookBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'bullets'; items: Array<string | LeadText> }
  /** A boxed aside: a caution, or the short version of a chapter. */
  | { kind: 'note'; title: string; text: string }
  /** Column widths are shares of the text width. */
  | { kind: 'table'; caption: string; columns: string[]; widths: number[]; rows: string[][] }
  | { kind: 'terms'; items: Array<{ term: string; meaning: string }> }
  | { kind: 'references'; items: EbookReference[] };

export interface EbookReference {
  authors: string;
  title: string;
  journal: string;
  year: number;
  doi: string;
  /** Why it is worth reading, in a sentence. */
  about: string;
}

export interface EbookChapter {
  title: string;
  blocks: EbookBlock[];
}

export const EBOOK_TITLE = 'The Gut Microbiome and Your Health';
export const EBOOK_SUBTITLE = 'A practical guide for India';
export const EBOOK_PUBLISHER = 'Gut360 Health Private Limited';
export const EBOOK_FILE_NAME = 'gut360-microbiome-and-health-ebook.pdf';

/** Said on the cover's back and in the colophon: what the guide is, and is not. */
export const EBOOK_DISCLAIMER =
  'This guide is for information, not medical advice. It does not diagnose, treat or prevent any disease. Talk to ' +
  'your doctor before you change a medicine or start a restrictive diet, and see a doctor promptly about the warning ' +
  'signs in the chapter "When to see a doctor".';

export const EBOOK_INTRODUCTION = [
  'Your gut is home to a busy community of microbes. Over the last twenty years, research has shown that this ' +
    'community takes part in digesting food, in training the immune system and in sending signals around the body. ' +
    'Much of that research is new, and a lot of what you may read online runs ahead of it.',
  'This guide keeps to what is reasonably well understood. It explains what the gut microbiome is and what it does, ' +
    'what shapes it, and how to eat for it with everyday Indian food. It explains how a microbiome test works and, just ' +
    'as important, what a test cannot tell you, and when symptoms need a doctor rather than a test.',
  'Where research only shows that two things tend to go together (an association), we say so. Where a claim would ' +
    'need more evidence than exists, we leave it out.',
];

export const EBOOK_CHAPTERS: EbookChapter[] = [
  {
    title: 'What the gut microbiome is',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'The gut microbiome is the community of microorganisms that live in your digestive tract, together with their ' +
          'genes. Most of them are bacteria; there are also archaea, fungi and viruses. They live all along the gut, but ' +
          'by far the most live in the large intestine (the colon), where food that the small intestine could not ' +
          'digest arrives, and where conditions suit them.',
      },
      {
        kind: 'paragraph',
        text:
          'The numbers are large. An adult gut holds tens of trillions of bacterial cells, of hundreds of different ' +
          'species. In 2010, Qin and colleagues sequenced the DNA in stool samples of 124 European adults and catalogued ' +
          'about 3.3 million different microbial genes: roughly 150 times as many genes as the human genome has. Those ' +
          'genes give the community abilities that our own cells lack, such as breaking down many kinds of plant fibre.',
      },
      { kind: 'subheading', text: 'Everyone’s is different' },
      {
        kind: 'paragraph',
        text:
          'No two people carry the same mix of microbes. Your gut community started to form at birth and was shaped by ' +
          'how you were born and fed as a baby, by the people and places around you, by what you have eaten over the ' +
          'years, by medicines, and by age. In adults it is fairly stable from month to month, but it responds to ' +
          'changes in diet and to events such as a course of antibiotics.',
      },
      {
        kind: 'paragraph',
        text:
          'Where you live matters too. Much of the early research studied people in Europe and North America. Studies of ' +
          'Indian adults, such as the one by Dhakan and colleagues in 2019, which studied healthy people from two ' +
          'regions of India, found gut communities that differ from those of Western populations, with bacteria of the ' +
          'genus Prevotella common among them, a group often seen with plant-rich diets. This is why a test should ' +
          'compare your result with people like you, not only with Western reference groups.',
      },
      { kind: 'subheading', text: 'Is there a "healthy" microbiome?' },
      {
        kind: 'paragraph',
        text:
          'Not a single one. Healthy people carry very different communities. Researchers do see some patterns that tend ' +
          'to go with good health, such as a varied (diverse) community and plenty of bacteria that ferment fibre. ' +
          'These are associations seen across groups of people; they do not define a normal range for one person the ' +
          'way a blood test does.',
      },
      {
        kind: 'note',
        title: 'In short',
        text:
          'Your gut microbiome is a large, personal community of microbes, mostly bacteria in your colon. It is shaped ' +
          'by your life so far and by what you eat now. Variety and fibre-fermenting bacteria tend to go with good ' +
          'health, but there is no single ideal.',
      },
    ],
  },
  {
    title: 'What your gut microbes do',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'Your microbes live on what reaches the colon, and what they make from it can reach the rest of your body. ' +
          'Here is what is reasonably well understood, from the firmest to the newest.',
      },
      { kind: 'subheading', text: 'Digesting fibre' },
      {
        kind: 'paragraph',
        text:
          'Dietary fibre is the part of plant foods that our own enzymes cannot break down: in whole grains, millets, ' +
          'dals, vegetables, fruit, nuts and seeds. It passes through the small intestine and reaches the colon, where ' +
          'bacteria ferment it. Different fibres feed different bacteria, which is one reason a varied plant diet tends ' +
          'to go with a varied gut community. Fermentation also makes gas, which is normal; a sudden large increase in ' +
          'fibre can make more of it for a while.',
      },
      { kind: 'subheading', text: 'Short-chain fatty acids' },
      {
        kind: 'paragraph',
        text:
          'The main products of fibre fermentation are short-chain fatty acids (SCFAs): mostly acetate, propionate and ' +
          'butyrate. A review by Koh and colleagues (Cell, 2016) describes what they do. Butyrate is the main source of ' +
          'energy for the cells lining the colon. SCFAs also act as signals: they take part in regulating the gut ' +
          'lining and the immune cells near it, and in the body’s handling of energy. Much of this detail comes from ' +
          'laboratory and animal studies; how much it matters for a given person is still being worked out.',
      },
      { kind: 'subheading', text: 'Vitamins' },
      {
        kind: 'paragraph',
        text:
          'Some gut bacteria can make vitamin K and several B vitamins. How much of them the body takes up and uses is ' +
          'not well known, so gut bacteria are not a replacement for a balanced diet, or for vitamin B12 from food or ' +
          'supplements where your doctor advises it (people on a strict vegetarian or vegan diet should ask about B12).',
      },
      { kind: 'subheading', text: 'The immune system' },
      {
        kind: 'paragraph',
        text:
          'The gut lining is one of the largest surfaces where the body meets the outside world, and many immune cells ' +
          'sit in and just under it. Microbes and the immune system are in constant contact: from early life, gut ' +
          'microbes help the immune system develop and learn what to tolerate, and a healthy gut lining keeps microbes ' +
          'where they belong. Disturbed gut communities are seen alongside several immune-related conditions, but in ' +
          'most cases research has not shown which comes first.',
      },
      { kind: 'subheading', text: 'The gut–brain axis' },
      {
        kind: 'paragraph',
        text:
          'The gut and the brain are in two-way contact, through the vagus nerve, hormones, the immune system and ' +
          'substances that microbes make or change, such as SCFAs and products of tryptophan, the building block of ' +
          'serotonin. A large review by Cryan and colleagues (Physiological Reviews, 2019) describes these routes. ' +
          'Most of the evidence comes from animal studies; in people, gut communities have been linked with mood, ' +
          'stress and sleep, but these are associations, and the direction of cause is usually unknown.',
      },
      {
        kind: 'note',
        title: 'Associations, not cures',
        text:
          'No food, probiotic or test has been shown to treat anxiety, depression or a sleep disorder through the gut. ' +
          'If you feel low, anxious or unable to sleep for more than a couple of weeks, talk to a doctor. If you have ' +
          'thoughts of harming yourself, contact a doctor or call the Tele-MANAS helpline on 14416 now.',
      },
    ],
  },
  {
    title: 'What shapes your microbiome',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'Some influences you cannot change, such as your age and how you were born. Others you can, and diet is the ' +
          'biggest of those.',
      },
      {
        kind: 'bullets',
        items: [
          {
            lead: 'Diet.',
            text:
              'What you eat is what your microbes eat. In a study by David and colleagues (Nature, 2014), volunteers ' +
              'who switched for a few days to a diet of only animal foods or only plant foods showed clear changes in ' +
              'their gut communities within days, which faded after they went back to their usual food. Long-term ' +
              'habits matter more than a few days, but the study shows how quickly microbes respond.',
          },
          {
            lead: 'Antibiotics.',
            text:
              'Antibiotics kill bacteria, including helpful ones in the gut. A course can reduce gut diversity for ' +
              'weeks or longer; how fully a community recovers varies from person to person. This is a reason to take ' +
              'antibiotics only when a doctor prescribes them, and then to take them exactly as prescribed: never ' +
              'refuse or stop a needed antibiotic because of your gut.',
          },
          {
            lead: 'Other medicines.',
            text:
              'Several common medicines, such as some used to reduce stomach acid, have been linked with changes in gut ' +
              'bacteria. Never stop a medicine for this reason; if you have questions, ask your doctor.',
          },
          {
            lead: 'Sleep.',
            text:
              'Gut microbes follow daily rhythms, and research links poor or irregular sleep with changes in gut ' +
              'communities. Most of these studies show associations, and the link may run both ways.',
          },
          {
            lead: 'Stress.',
            text:
              'Stress affects the gut directly (many people know the "nervous stomach"), and in studies it goes with ' +
              'changes in gut bacteria. Again, the link seems to run both ways.',
          },
          {
            lead: 'Age.',
            text:
              'The gut community changes a lot in the first years of life, shaped by birth, breastfeeding and first ' +
              'foods, then settles in childhood. In older age it often changes again, together with diet, medicines and ' +
              'health.',
          },
          {
            lead: 'Activity and surroundings.',
            text:
              'Physical activity, the people and animals you live with, and where you live have all been linked with ' +
              'differences in the gut community.',
          },
        ],
      },
      {
        kind: 'note',
        title: 'What you can do',
        text:
          'Eat a wide variety of plant foods, take antibiotics only when prescribed, keep regular sleep, and find ways to ' +
          'manage stress. None of these is a treatment; together they are simply good habits that also suit your gut.',
      },
    ],
  },
  {
    title: 'Eating for your gut, the Indian way',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'Traditional Indian meals, built on dals, grains, vegetables, curd and spices, are a good start. The aim is not a ' +
          'special diet but more variety and more fibre from foods you already know.',
      },
      {
        kind: 'bullets',
        items: [
          {
            lead: 'Dal and legumes.',
            text:
              'Moong, masoor, toor, urad, chana, rajma, lobia and sprouts give fibre and protein. Try to have a legume ' +
              'every day, and rotate between them.',
          },
          {
            lead: 'Millets.',
            text:
              'Ragi, jowar, bajra and foxtail or little millet bring grains your gut may see less often. Use them for ' +
              'rotis, dosas, khichdi or upma.',
          },
          {
            lead: 'Whole grains.',
            text:
              'Whole-wheat atta, red, brown or hand-pounded rice and oats keep the bran, where much of the fibre is. ' +
              'Cooked rice that has cooled forms some resistant starch, a kind of fibre (cool it quickly, refrigerate it ' +
              'and eat it within a day).',
          },
          {
            lead: 'Vegetables and fruit.',
            text:
              'Aim for many different ones across a week: greens such as palak and methi, beans, bhindi, gourds, ' +
              'carrots, cabbage, onions, and seasonal fruit such as guava, banana, papaya and amla.',
          },
          {
            lead: 'Curd and buttermilk.',
            text:
              'Dahi and chaas contain live bacteria, unless they were heated after fermenting: a familiar way to add ' +
              'fermented food to a meal.',
          },
          {
            lead: 'Fermented batters.',
            text:
              'Idli, dosa, appam and dhokla batters are fermented. Cooking kills most of the microbes, but fermentation ' +
              'changes the batter itself, and these dishes are a good way to eat dals and grains together.',
          },
          {
            lead: 'Nuts and seeds.',
            text: 'A small handful of peanuts, almonds, flax or sesame seeds adds fibre and variety.',
          },
          {
            lead: 'Spices.',
            text:
              'Turmeric, ginger, garlic, cumin, ajwain and the rest make plant foods enjoyable. Research on spices and ' +
              'gut bacteria is at an early stage, so enjoy them as part of meals rather than as remedies.',
          },
        ],
      },
      { kind: 'subheading', text: 'Go slowly' },
      {
        kind: 'paragraph',
        text:
          'If you eat little fibre now, add it over two or three weeks and drink enough water, so that your gut has time ' +
          'to adjust. Some people with irritable bowel syndrome (IBS) find that certain fibres, such as those in onion, ' +
          'garlic, wheat and some legumes, make their symptoms worse. If that is you, do not cut out food groups on your ' +
          'own for long: a doctor or a qualified dietitian or nutritionist can guide you.',
      },
      {
        kind: 'table',
        caption: 'A week of vegetarian meal ideas',
        columns: ['Day', 'Breakfast', 'Lunch', 'Dinner'],
        widths: [0.13, 0.27, 0.3, 0.3],
        rows: [
          ['Mon', 'Vegetable poha with peanuts', 'Rajma, brown rice, cucumber raita', 'Bajra roti, methi dal, carrot and beans sabzi'],
          ['Tue', 'Ragi dosa with coconut chutney', 'Chole, whole-wheat roti, onion and tomato salad', 'Moong dal khichdi with vegetables and curd'],
          ['Wed', 'Vegetable oats upma', 'Sambar, red rice, beans poriyal', 'Jowar roti, palak dal, salad'],
          ['Thu', 'Idli with sambar', 'Masoor dal, roti, bhindi sabzi, buttermilk', 'Vegetable pulao with raita'],
          ['Fri', 'Besan chilla with mint chutney', 'Foxtail millet with mixed-vegetable sambar, curd', 'Lobia curry, roti, cabbage sabzi'],
          ['Sat', 'Moong sprouts chaat and a guava', 'Kadhi, brown rice, gourd sabzi', 'Dosa with sambar and chutney'],
          ['Sun', 'Vegetable uttapam', 'Chana pulao with raita', 'Toor dal, roti, mixed-vegetable sabzi'],
        ],
      },
      {
        kind: 'paragraph',
        text:
          'Snacks: roasted chana, fruit, nuts or chaas. Add eggs, fish or chicken if you eat them, and swap dishes ' +
          'freely: what matters is variety.',
      },
    ],
  },
  {
    title: 'How a microbiome test works',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'A gut microbiome test reads the microbial DNA in a small stool sample. Stool carries bacteria from the colon, ' +
          'so it gives a practical picture of the community there. Here is how it works with a Gut360 Health kit.',
      },
      { kind: 'subheading', text: '1. Collecting at home' },
      {
        kind: 'bullets',
        items: [
          { lead: 'Activate.', text: 'Enter the kit code from the box on your dashboard, so that your sample is matched to you.' },
          {
            lead: 'Collect.',
            text: 'Place the paper collection sheet over the toilet seat, pass a stool onto it, and take a pea-sized amount with the tube’s built-in scoop.',
          },
          {
            lead: 'Seal.',
            text:
              'Close the tube tightly and shake it for 30 seconds. The liquid in the tube keeps the DNA stable at room ' +
              'temperature for up to 14 days.',
          },
          { lead: 'Send.', text: 'Post the sample in the prepaid return envelope from the box; it costs you nothing.' },
        ],
      },
      {
        kind: 'paragraph',
        text:
          'Eat as you normally do in the week before, so that the result reflects your usual diet. Wait at least 4 weeks ' +
          'after a course of antibiotics, and avoid sampling during a bout of diarrhoea or during your period.',
      },
      { kind: 'subheading', text: '2. Sequencing in the lab' },
      {
        kind: 'paragraph',
        text:
          'In the lab, DNA is extracted from the sample and sequenced: read as millions of short stretches of genetic ' +
          'code. There are two main methods.',
      },
      {
        kind: 'bullets',
        items: [
          {
            lead: '16S rRNA gene sequencing',
            text:
              'reads one marker gene that all bacteria carry and that differs between groups of them. It shows which ' +
              'groups of bacteria are present and in what proportions, usually down to the genus.',
          },
          {
            lead: 'Shotgun metagenomic sequencing',
            text:
              'reads all the DNA in the sample. It can name bacteria at species level and shows which genes they carry, ' +
              'and so what they are equipped to do, such as digesting fibre or making butyrate.',
          },
        ],
      },
      { kind: 'subheading', text: '3. Your report' },
      {
        kind: 'paragraph',
        text:
          'The sequences are compared with reference databases to work out which microbes they came from, and your ' +
          'result is set beside a reference group of healthy Indian adults. A report typically shows your diversity, ' +
          'the main groups of bacteria, bacteria that research associates with gut health, and food pointers.',
      },
      {
        kind: 'table',
        caption: 'Gut360 Health kits at a glance',
        columns: ['Kit', 'Method', 'Results, after the lab receives the sample', 'Also included'],
        widths: [0.18, 0.3, 0.24, 0.28],
        rows: [
          ['Gut Start', '16S rRNA gene sequencing', '3 to 4 weeks', 'Summary report with food pointers'],
          ['Gut 360', 'Shotgun metagenomic sequencing', '4 to 6 weeks', '30-minute nutritionist consultation and a four-week meal plan'],
          ['Gut SEnS', 'Metagenomic sequencing with the PSQI sleep and GAD-7 anxiety questionnaires', '4 to 5 weeks', 'Nutritionist consultation'],
          ['Gut Heal', 'Metagenomic sequencing and a guided diet, for IBS diagnosed by a doctor', '4 to 6 weeks for the test report', '12-week programme with 3 nutritionist consultations'],
        ],
      },
    ],
  },
  {
    title: 'What a test cannot tell you',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'A microbiome test describes the microbes in your gut and what research links them to. It is useful for ' +
          'understanding your gut and guiding your food, and it has clear limits.',
      },
      {
        kind: 'bullets',
        items: [
          {
            lead: 'It is not a diagnosis.',
            text:
              'It cannot tell you whether you have a disease, such as inflammatory bowel disease, coeliac disease or ' +
              'cancer. Those need a doctor and the tests a doctor orders.',
          },
          {
            lead: 'It is not an infection test.',
            text:
              'It is not a stool culture or a pathogen test. If you may have a gut infection, a doctor will order the ' +
              'right test.',
          },
          {
            lead: 'It is a snapshot.',
            text: 'Your gut community changes with what you eat; a sample shows it on the day you collected it.',
          },
          {
            lead: 'There is no normal range for one person.',
            text:
              'Comparisons with a reference group show where you sit among others, not whether you are ill. Much of ' +
              'the research behind a report shows associations in groups of people, not causes in one person.',
          },
          {
            lead: 'It does not replace medical care.',
            text: 'Never stop or change a medicine because of a report. Talk to your doctor first, and share your report if it helps.',
          },
        ],
      },
    ],
  },
  {
    title: 'When to see a doctor',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'Digestive symptoms are common and usually not serious, but some need a doctor promptly, whatever a test or ' +
          'this guide says. See a doctor soon if you notice any of these:',
      },
      {
        kind: 'bullets',
        items: [
          'blood in your stool, or black, tarry stools',
          'weight loss without trying',
          'a change in your bowel habit that lasts more than a few weeks, such as new constipation or looser stools',
          'symptoms that wake you at night',
          'a fever that keeps coming back or will not go away',
          'anaemia, or tiredness and breathlessness that could be anaemia',
          'difficulty swallowing, or vomiting that keeps happening',
          'new digestive symptoms after the age of 50, or a family history of bowel cancer, inflammatory bowel disease or coeliac disease',
        ],
      },
      {
        kind: 'note',
        title: 'Go to an emergency department at once',
        text: 'if you have severe abdominal pain, heavy bleeding from the back passage, vomiting blood, or if you feel faint.',
      },
      {
        kind: 'paragraph',
        text:
          'If a doctor has already diagnosed irritable bowel syndrome, diet support can help many people. Start a ' +
          'restrictive diet only with guidance, and not during pregnancy, with an eating disorder, or before coeliac ' +
          'disease has been ruled out.',
      },
    ],
  },
];

/** After the chapters, unnumbered. */
export const EBOOK_BACK_MATTER: EbookChapter[] = [
  {
    title: 'Glossary',
    blocks: [
      {
        kind: 'terms',
        items: [
          { term: 'Butyrate', meaning: 'A short-chain fatty acid made by some gut bacteria from fibre; the main fuel of the cells lining the colon.' },
          { term: 'Diversity', meaning: 'How many different kinds of microbes a community holds and how evenly they are spread.' },
          { term: 'Dietary fibre', meaning: 'The parts of plant foods that human enzymes cannot digest; gut bacteria ferment much of it.' },
          { term: 'Fermented food', meaning: 'Food changed by microbes, such as curd, buttermilk and idli or dosa batter.' },
          { term: 'FODMAPs', meaning: 'Short-chain carbohydrates that gut bacteria ferment quickly; they can worsen IBS symptoms.' },
          { term: 'Gut–brain axis', meaning: 'The two-way links between the gut and the brain, through nerves, hormones, immune cells and microbial products.' },
          { term: 'Metagenomics', meaning: 'Reading all the DNA in a sample (shotgun sequencing), to find which microbes and genes are there.' },
          { term: 'Microbiome', meaning: 'A community of microorganisms in a place, such as the gut, together with their genes.' },
          { term: 'Prebiotic', meaning: 'A food component, usually a kind of fibre, that feeds helpful gut microbes.' },
          { term: 'Probiotic', meaning: 'Live microorganisms that, in adequate amounts, give a health benefit; the benefit depends on the strain and the condition.' },
          { term: 'Resistant starch', meaning: 'Starch that escapes digestion in the small intestine and is fermented in the colon, as in cooled cooked rice.' },
          { term: 'Short-chain fatty acids (SCFAs)', meaning: 'Acetate, propionate and butyrate: the main products of fibre fermentation by gut bacteria.' },
          { term: '16S rRNA gene', meaning: 'A gene all bacteria carry; reading it shows which groups of bacteria are present.' },
        ],
      },
    ],
  },
  {
    title: 'Further reading',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'The research this guide mentions, for readers who would like to go further. Each paper can be found through ' +
          'its DOI at doi.org.',
      },
      {
        kind: 'references',
        items: [
          {
            authors: 'Qin J, Li R, Raes J, et al.',
            title: 'A human gut microbial gene catalogue established by metagenomic sequencing',
            journal: 'Nature',
            year: 2010,
            doi: '10.1038/nature08821',
            about: 'The first large catalogue of the genes of human gut microbes.',
          },
          {
            authors: 'David LA, Maurice CF, Carmody RN, et al.',
            title: 'Diet rapidly and reproducibly alters the human gut microbiome',
            journal: 'Nature',
            year: 2014,
            doi: '10.1038/nature12820',
            about: 'How quickly gut communities respond to a change of diet.',
          },
          {
            authors: 'Koh A, De Vadder F, Kovatcheva-Datchary P, Bäckhed F.',
            title: 'From dietary fiber to host physiology: short-chain fatty acids as key bacterial metabolites',
            journal: 'Cell',
            year: 2016,
            doi: '10.1016/j.cell.2016.05.041',
            about: 'A review of how fibre becomes short-chain fatty acids and what they do in the body.',
          },
          {
            authors: 'Cryan JF, O’Riordan KJ, Cowan CSM, et al.',
            title: 'The microbiota-gut-brain axis',
            journal: 'Physiological Reviews',
            year: 2019,
            doi: '10.1152/physrev.00018.2018',
            about: 'A broad review of the links between gut microbes and the brain, and of the strength of the evidence.',
          },
          {
            authors: 'Dhakan DB, Maji A, Sharma AK, et al.',
            title:
              'The unique composition of Indian gut microbiome, gene catalogue, and associated fecal metabolome deciphered using multi-omics approaches',
            journal: 'GigaScience',
            year: 2019,
            doi: '10.1093/gigascience/giz004',
            about: 'A study of the gut microbiome of healthy adults in India.',
          },
        ],
      },
    ],
  },
];
