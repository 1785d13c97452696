import { Bullets, ContentPage, Section } from '@/components/layout/Prose';
import { SCIENCE_PAGES } from '../content/pages';
import { FibreToScfaFigure, ThaliFigure } from './figures/FoodFigures';
import { NextSteps } from './NextSteps';
import { CanAndCannot, Note, Paragraph, TextLink } from './ScienceText';

const page = SCIENCE_PAGES.food;

/** How fibre, fermented foods and polyphenols in Indian diets feed the gut microbes, and what a test shows of a diet. */
export function FoodMicrobiomePage() {
  return (
    <ContentPage
      title={page.title}
      description={page.description}
      path={page.to}
      lead="What you eat is one of the strongest influences on your gut microbes that you can change, and Indian kitchens are already full of the foods they thrive on."
    >
      <Section id="fibre" title="Fibre and prebiotics: food for your microbes">
        <Paragraph>
          Fibre is the part of plant food that our own enzymes cannot digest. It passes through the small intestine to
          the large intestine, where gut bacteria ferment it. Different fibres feed different bacteria, so a range of
          sources feeds a wider community.
        </Paragraph>
        <Bullets
          items={[
            <>
              <strong>Dal and other pulses:</strong> moong, masoor, chana, rajma and lobia carry fibres and resistant
              starch that many fibre fermenters feed on.
            </>,
            <>
              <strong>Whole grains:</strong> whole-wheat atta, brown or hand-pounded rice, oats and broken wheat
              (dalia).
            </>,
            <>
              <strong>Millets:</strong> ragi, jowar, bajra, foxtail and little millet are rich in fibre and easy to
              rotate through the week.
            </>,
            <>
              <strong>Vegetables and fruit:</strong> onion, garlic, leafy greens, beans, drumstick, guava, banana and
              many more.
            </>,
            <>
              <strong>Cooked and cooled rice or potatoes:</strong> cooling forms resistant starch, which escapes
              digestion and is fermented in the colon. Keep leftovers in the fridge.
            </>,
          ]}
        />
        <Paragraph>
          Prebiotics are a narrower idea: food components that beneficial gut microbes selectively use, with a benefit
          to your health. The best studied include inulin and fructo-oligosaccharides, found in onion, garlic and
          banana, and galacto-oligosaccharides, found in pulses.
        </Paragraph>
        <Note title="Go slowly">
          If you eat little fibre today, add it over a few weeks and drink enough water: some extra gas at first is a
          normal sign of fermentation. If you have IBS, some of these foods, such as onion, garlic and some pulses, are
          high in FODMAPs and can set off symptoms; Gut Heal guides you through finding which ones.
        </Note>
      </Section>

      <Section id="scfa" title="From fibre to short-chain fatty acids">
        <FibreToScfaFigure />
        <Paragraph>
          When bacteria ferment fibre they make short-chain fatty acids, mainly acetate, propionate and butyrate.
          Butyrate is the main source of energy for the cells lining the colon. Propionate travels to the liver, which
          uses it to make glucose. Acetate, the most plentiful, enters the bloodstream and is used by tissues across the
          body.
        </Paragraph>
        <Paragraph>
          Beyond fuel, research links short-chain fatty acids to a stronger gut barrier, to calmer immune responses and
          to the release of gut hormones that signal fullness. They also make the colon slightly more acidic, which
          favours many helpful bacteria over some harmful ones. Much of this comes from laboratory and animal studies,
          and the evidence in people is growing.
        </Paragraph>
      </Section>

      <Section id="fermented" title="Fermented foods in Indian kitchens">
        <Paragraph>
          Fermentation is old Indian kitchen science. Lactic acid bacteria and yeasts turn sugars into acids and gas,
          which sour a batter and make it rise, keep food longer and can make some nutrients easier to absorb.
        </Paragraph>
        <Bullets
          items={[
            <>
              <strong>Curd (dahi), buttermilk (chaas) and lassi</strong> are made by lactic acid bacteria and eaten
              without further cooking, so home-set curd carries live cultures.
            </>,
            <>
              <strong>Idli, dosa, dhokla and appam batters</strong> are left to ferment, often overnight. Steaming or cooking kills
              most of the microbes, but fermentation has already changed the food, for example by breaking down some
              phytate, which helps the body absorb minerals such as iron and zinc.
            </>,
            <>
              <strong>Kanji</strong> is a tangy North Indian drink of black carrots or beetroot with mustard seed,
              fermented in water and drunk raw.
            </>,
            <>
              <strong>Pickles and regional ferments</strong> include traditionally sun-fermented pickles and ferments
              such as gundruk, fermented leafy greens from Sikkim. Many shop-bought pickles are preserved in oil, salt or vinegar rather than
              fermented, and all pickles are salty, so keep portions small.
            </>,
          ]}
        />
        <Paragraph>
          In a controlled study of adults in the United States, a diet high in fermented foods for several weeks raised
          gut microbiome diversity and lowered several markers of inflammation. It is one study, but it fits a long
          tradition. Not every fermented food is a probiotic, though: that word is kept for specific live microbes
          shown to bring a health benefit.
        </Paragraph>
      </Section>

      <Section id="polyphenols" title="Polyphenols: spices, tea and colourful foods">
        <Paragraph>
          Polyphenols are plant compounds found in tea and coffee, in spices such as turmeric and cloves, and in deeply
          coloured foods such as jamun, pomegranate, amla and red onion. Most are not absorbed in the small intestine.
          They reach the colon, where gut microbes break them into smaller compounds, many of which the body does
          absorb.
        </Paragraph>
        <Paragraph>
          The exchange goes both ways. Polyphenols can favour some bacteria over others, and in studies foods rich in
          them have been linked to more of groups such as <em>Bifidobacterium</em>. In turn, your microbes decide what
          you get from polyphenols: compounds in pomegranate, for example, are turned into urolithins only in people who
          carry the right bacteria, one reason people respond differently to the same food. Turmeric’s curcumin is
          poorly absorbed and largely transformed by gut microbes; its effects in people are still being studied.
        </Paragraph>
      </Section>

      <Section id="variety" title="Variety matters">
        <Paragraph>
          Different microbes prefer different foods, so a varied diet tends to support a varied community. A large
          citizen-science study found that people who ate a wider range of plant foods each week had more diverse gut
          bacteria than people who ate only a few. Counting the different plant foods you eat in a week is a simple way
          to keep track: grains, millets, pulses, vegetables, fruit, nuts, seeds, herbs and spices all count.
        </Paragraph>
        <ThaliFigure />
        <Paragraph>
          A traditional thali already does much of this: a dal, a sabzi or two, a millet or whole-grain roti, curd,
          salad and a chutney. Rotating millets and dals through the week adds more.
        </Paragraph>
      </Section>

      <Section id="test-limits" title="What a test can and cannot tell you about your diet">
        <CanAndCannot
          can={[
            'Whether fibre fermenters and butyrate producers are present, and how your levels compare with healthy Indian adults.',
            'With a metagenomic kit, which genes for digesting fibre and making short-chain fatty acids your community carries.',
            'A baseline to compare with if you test again after a lasting change to your diet.',
          ]}
          cannot={[
            'What you ate: your diet comes from your questionnaire answers, not from your stool.',
            'Whether you lack a nutrient such as iron, vitamin B12 or vitamin D: that takes a blood test.',
            'Food allergies or intolerances, such as lactose intolerance or coeliac disease: these need medical tests.',
            'Whether one particular food is good or bad for you: your gut community reflects your overall eating pattern more than any single food.',
          ]}
        />
      </Section>

      <Section id="recipes" title="Cook for your gut">
        <Paragraph>
          Find gut-friendly dishes built on everyday Indian food in our <TextLink to="/recipe-list">recipes</TextLink>{' '}
          and our <TextLink to="/cookbook">cookbook</TextLink>.
        </Paragraph>
      </Section>

      <NextSteps
        current="food"
        kits={{
          '/products/gut360-start': 'Your fibre fermenters and diversity against healthy Indian adults, with food pointers built around Indian meals.',
          '/products/gut360': 'Genes for fibre digestion and short-chain fatty acid production, and a four-week Indian meal plan with a nutritionist.',
          '/products/ibs-heal': 'For IBS diagnosed by a doctor: a guided low-FODMAP phase and reintroduction, so you keep the widest diet you tolerate.',
        }}
      />
    </ContentPage>
  );
}
