import { Bullets, ContentPage, Section } from '@/components/layout/Prose';
import { SCIENCE_PAGES } from '../content/pages';
import { GeneToFunctionFigure, ProfileToSuggestionsFigure, ReferenceFigure } from './figures/ModellingFigures';
import { NextSteps } from './NextSteps';
import { Note, Paragraph, SubHeading, TextLink } from './ScienceText';

const page = SCIENCE_PAGES.modelling;

/** How results are compared with a reference, how functions are inferred, and how suggestions are made and limited. */
export function ModellingPage() {
  return (
    <ContentPage
      title={page.title}
      description={page.description}
      path={page.to}
      lead="Sequencing gives a long list of microbes and genes. Turning it into something you can act on takes comparison, inference and careful modelling, and a clear sense of where models stop."
    >
      <Section id="profile" title="From reads to a profile">
        <Paragraph>
          The starting point is the profile built from your sequencing reads (see{' '}
          <TextLink to={SCIENCE_PAGES.overview.to}>Our Science</TextLink>): each microbe found in your sample with its
          share of the whole and, with a metagenomic kit, the genes they carry. On its own a profile is hard to read:
          hundreds of names and numbers that mean little without something to compare them with.
        </Paragraph>
      </Section>

      <Section id="reference" title="Compared with healthy Indian adults">
        <Paragraph>
          So each measure is read against a reference group of healthy Indian adults. For a measure such as diversity,
          or the share of a group of bacteria, the reference shows how it is spread across the group. Your value is
          placed on that spread, so you can see whether it sits in the usual range, above it or below it.
        </Paragraph>
        <ReferenceFigure />
        <SubHeading>Why an Indian reference</SubHeading>
        <Paragraph>
          Gut communities differ between populations, shaped by diet, climate and way of life. Studies of Indian adults
          have often found <em>Prevotella</em>, a group associated with plant-rich, high-fibre diets, to be prominent,
          while much of the world’s microbiome research has studied people in Europe and North America. Comparing you
          with people who eat and live more like you gives a fairer picture. The reference is made of adults, which is
          why our tests are for adults only.
        </Paragraph>
        <Paragraph>
          Two things to keep in mind. Usual is not the same as ideal: the reference describes healthy people as they
          are, and healthy people vary a great deal. And a value outside the usual range means your community is
          unusual for the group, not that something is wrong with you.
        </Paragraph>
      </Section>

      <Section id="function" title="From genes to what your microbes can do">
        <Paragraph>
          With metagenomic sequencing (Gut 360, Gut SEnS and Gut Heal) we also read the microbes’ genes. Genes are
          instructions for enzymes, and enzymes work in chains called pathways. Finding the genes of a pathway lets us
          infer what your community is equipped to do: its functional potential.
        </Paragraph>
        <GeneToFunctionFigure />
        <Paragraph>
          Take butyrate. Bacteria such as <em>Faecalibacterium</em> and <em>Roseburia</em> make it from fibre, and
          well-studied genes, such as <em>but</em> and <em>buk</em>, carry the instructions for the last step. Counting
          such genes across your sample estimates your community’s capacity to make butyrate, the main fuel of the
          cells lining your colon. The same approach gives the other functional results in a report: fibre digestion,
          vitamin B and K synthesis, and pathways the research associates with inflammation.
        </Paragraph>
        <Paragraph>
          Gut Start reads only the 16S gene, so it does not see these genes. It recognises fibre fermenters by which
          bacteria they are, from what is known about those groups.
        </Paragraph>
        <Note title="Potential, not activity">
          A gene being present does not mean it is switched on, and the report does not measure butyrate itself. It
          shows what your microbes are equipped to do.
        </Note>
      </Section>

      <Section id="suggestions" title="From your profile to diet suggestions">
        <Paragraph>
          The last step turns your results into food suggestions. Our models bring together three things: your profile
          and how it compares with the reference; your answers about what you eat and how you live; and links between
          foods and gut microbes reported in published research, such as fibre-rich foods supporting fibre-fermenting
          bacteria.
        </Paragraph>
        <ProfileToSuggestionsFigure />
        <Paragraph>
          The result is a draft: foods to eat more of, simple swaps and routines, fitted to your food preferences,
          including vegetarian, Jain and vegan diets, and built on Indian staples. We use “AI” in its plain sense:
          statistical models that find patterns in data about many people. They are tools for the people who care for
          you, not a replacement for them.
        </Paragraph>
      </Section>

      <Section id="limits" title="What models can and cannot do">
        <Bullets
          items={[
            <>
              <strong>Association is not causation.</strong> Much microbiome research finds that a food and a microbe
              tend to go together in groups of people. That does not prove that eating the food will change the microbe
              in you, or that the microbe causes a health effect. Suggestions rest on the best-supported links, and a link
              is presented as a link, not a certainty.
            </>,
            <>
              <strong>Models learn from populations.</strong> A suggestion describes what tends to hold for people like
              you, not a promise for you. Studies have shown that people can respond quite differently to the same
              food.
            </>,
            <>
              <strong>A profile is a snapshot.</strong> Your microbiome shifts with diet, travel, illness and medicines,
              and one sample cannot show all of that.
            </>,
            <>
              <strong>Models only know what they are told.</strong> They cannot weigh a health condition, a medicine, an
              allergy, or a food you cannot find or will not eat, unless a person does.
            </>,
          ]}
        />
        <SubHeading>Why a nutritionist reviews</SubHeading>
        <Paragraph>
          That last gap is why, in Gut 360, Gut SEnS and Gut Heal, a qualified nutritionist reads your report before you
          talk, checks the suggestions against your health, medicines and tastes, and shapes them into a plan you can
          follow. Gut Start’s summary report gives food pointers without a consultation.
        </Paragraph>
        <Paragraph>
          A report describes; it does not diagnose or prescribe. If you have a medical condition, share your report
          with your doctor, and never stop or change a medicine because of it. In the lab your sample is identified
          only by its kit code, and we never sell your data.
        </Paragraph>
      </Section>

      <NextSteps
        current="modelling"
        kits={{
          '/products/gut360-start': 'Your diversity and key bacteria placed among healthy Indian adults, with food pointers.',
          '/products/gut360': 'Species-level profile, functional scores and a nutritionist who builds a four-week Indian meal plan with you.',
        }}
      />
    </ContentPage>
  );
}
