import { Bullets, ContentPage, Section } from '@/components/layout/Prose';
import { SCIENCE_PAGES } from '../content/pages';
import { DiversityFigure, SampleToReportFigure, SequencingMethodsFigure } from './figures/OverviewFigures';
import { NextSteps } from './NextSteps';
import { CanAndCannot, Note, Paragraph, SubHeading, TextLink } from './ScienceText';

const page = SCIENCE_PAGES.overview;

/** The science overview: what the gut microbiome is, how a sample becomes a report, the two methods, diversity. */
export function OurSciencePage() {
  return (
    <ContentPage
      title={page.title}
      description={page.description}
      path={page.to}
      lead="Your gut is home to a community of microbes that helps digest your food and works with your immune system. Here is how we read it from a small stool sample, and what the results can and cannot tell you."
    >
      <Section id="gut-microbiome" title="What lives in your gut">
        <Paragraph>
          Your large intestine is home to trillions of microbes, mostly bacteria, along with archaea, fungi and viruses.
          Together they are called the gut microbiome. Hundreds of different species can live in one person’s gut, and
          no two people carry quite the same mix.
        </Paragraph>
        <Paragraph>
          Much of what they do is well established. Gut bacteria break down fibres that our own enzymes cannot, and turn
          them into short-chain fatty acids that feed the cells lining the colon. Some make vitamins, such as vitamin K
          and several B vitamins. They help train the immune system, and a settled community makes it harder for harmful
          microbes to gain a foothold.
        </Paragraph>
        <Paragraph>
          Your mix is shaped by what you eat over months and years, your age, where you live, illness and medicines,
          antibiotics above all. Diet is the influence you can most easily change, which is why every report ends with
          food guidance.
        </Paragraph>
      </Section>

      <Section id="sample-to-report" title="From your sample to your report">
        <SampleToReportFigure />
        <Bullets
          items={[
            <>
              <strong>Collect.</strong> At home, you take a pea-sized amount of stool with the scoop and close it in a
              tube of DNA-stabilising liquid, which keeps the DNA stable at room temperature for up to 14 days while it
              travels to the lab.
            </>,
            <>
              <strong>Extract.</strong> In the lab, the microbes’ cells are broken open and their DNA is separated from
              everything else in the sample.
            </>,
            <>
              <strong>Sequence.</strong> A sequencer reads the DNA as a very large number of short stretches of the
              letters A, C, G and T, called reads.
            </>,
            <>
              <strong>Match.</strong> Software compares each read with reference genomes of known microbes and counts
              how many reads belong to each. The counts give each microbe’s share of your sample, its relative
              abundance.
            </>,
            <>
              <strong>Interpret.</strong> From the matches we name the microbes present and, where all the DNA is read,
              the genes they carry and what those genes let them do.
            </>,
            <>
              <strong>Report.</strong> Your results are set beside those of healthy Indian adults and explained in plain
              language, with diet guidance built on Indian food. Depending on the kit, the report is ready 3 to 6 weeks
              after the lab receives your sample.
            </>,
          ]}
        />
        <Paragraph>
          How the comparison and the guidance are worked out is explained in{' '}
          <TextLink to={SCIENCE_PAGES.modelling.to}>Modelling and AI</TextLink>.
        </Paragraph>
      </Section>

      <Section id="methods" title="Two ways to read the DNA">
        <Paragraph>
          There are two common ways to sequence a gut microbiome, and our kits use both. They differ in how much of the
          DNA they read, and so in what they can tell you.
        </Paragraph>
        <SequencingMethodsFigure />
        <SubHeading>16S amplicon sequencing: Gut Start</SubHeading>
        <Paragraph>
          Almost every bacterium carries a gene called 16S rRNA. Parts of it are the same in all bacteria and parts vary
          from one group to another, so it works like a barcode. The lab copies just this gene many times (the copies
          are called amplicons) and reads them. It is an efficient way to see which bacteria are present and in what
          proportions, usually down to the genus, such as <em>Bifidobacterium</em> or <em>Faecalibacterium</em>. It
          does not read the bacteria’s other genes, and it does not see fungi or viruses.
        </Paragraph>
        <SubHeading>Metagenomic sequencing: Gut 360, Gut SEnS and Gut Heal</SubHeading>
        <Paragraph>
          In whole-genome, or shotgun, metagenomics all the DNA in the sample is broken into small pieces and read, like
          shredding a library and reading every scrap. Matching the pieces to reference genomes identifies microbes down
          to the species, and the genes found show what the community is equipped to do: digest particular fibres, make
          butyrate or vitamins, and more. It takes far more sequencing and computing than 16S, which is also why moving
          from Gut Start to Gut 360 needs a new sample.
        </Paragraph>
      </Section>

      <Section id="diversity" title="What diversity means">
        <Paragraph>
          Diversity is one of the first results in every report. It combines two ideas: richness, how many different
          kinds of microbes you carry, and evenness, how evenly they are spread, so that no single group crowds out the
          rest.
        </Paragraph>
        <DiversityFigure />
        <Paragraph>
          Gut Start reports diversity with the Shannon index, which rises with both richness and evenness, and shows
          where your score sits among healthy Indian adults.
        </Paragraph>
        <Paragraph>
          In studies of adults, a more diverse gut community is generally linked to better health, and lower diversity
          has been associated with a range of conditions, from obesity to inflammatory bowel disease. These are
          associations seen in groups of people: a lower score is a prompt to look at your diet, not a diagnosis.
          Diversity also shifts from week to week with what you eat.
        </Paragraph>
      </Section>

      <Section id="limits" title="What a report can and cannot tell you">
        <CanAndCannot
          can={[
            'Which microbes are in your sample, and roughly what share of it each makes up.',
            'How your community compares with that of healthy Indian adults.',
            'With a metagenomic kit, the genes your microbes carry: what they are equipped to do.',
            'A starting point to compare with if you test again after changing your diet.',
          ]}
          cannot={[
            'Whether you have a disease. It does not diagnose, treat or rule out any condition, and it is not a test for infection: it does not replace a stool culture or any test your doctor orders.',
            'How many microbes there are in total: sequencing gives each one’s share of the whole.',
            'What your microbes are doing at this moment: genes show what they can do, not what they are doing.',
            'More than a snapshot: your microbiome changes with diet, travel, illness and medicines.',
          ]}
        />
        <Note title="Symptoms come first">
          If you notice blood in your stool, unexplained weight loss, a persistent fever, anaemia or symptoms that wake
          you at night, see a doctor promptly rather than waiting for a test.
        </Note>
      </Section>

      <NextSteps
        current="overview"
        kits={{
          '/products/gut360-start': 'Reads the 16S gene: your diversity, main groups and beneficial bacteria against healthy Indian adults.',
          '/products/gut360': 'Shotgun metagenomics: species-level profile and functional potential, with a nutritionist consultation.',
          '/products/gutsens': 'A metagenomic test alongside two validated questionnaires on sleep and anxiety.',
          '/products/ibs-heal': 'For IBS diagnosed by a doctor: a metagenomic test and a 12-week guided diet programme.',
        }}
      />
    </ContentPage>
  );
}
