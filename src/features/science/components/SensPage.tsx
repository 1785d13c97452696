import { Bullets, ContentPage, Section } from '@/components/layout/Prose';
import { SCIENCE_PAGES } from '../content/pages';
import { DailyRhythmFigure, GutBrainAxisFigure, SerotoninFigure } from './figures/SensFigures';
import { NextSteps } from './NextSteps';
import { Note, Paragraph, SubHeading, TextLink } from './ScienceText';

const page = SCIENCE_PAGES.sens;

/** The gut–brain axis, serotonin, daily rhythms, what research suggests about sleep and stress, and Gut SEnS. */
export function SensPage() {
  return (
    <ContentPage
      title={page.title}
      description={page.description}
      path={page.to}
      lead="Your gut and your brain are in constant conversation. Research is beginning to show how gut microbes take part in it, and how that may connect with sleep, energy and stress."
    >
      <Section id="gut-brain-axis" title="The gut–brain axis">
        <Paragraph>
          The gut has its own network of nerves, and it is linked to the brain in both directions. Scientists call this
          two-way link the gut–brain axis. That it exists is well established: stress can upset digestion, and signals
          from the gut reach the brain. What is newer is the evidence that gut microbes take part in the conversation.
        </Paragraph>
        <GutBrainAxisFigure />
        <Bullets
          items={[
            <>
              <strong>The vagus nerve</strong> runs from the brainstem to the gut and carries signals both ways. In
              animal studies, some effects of gut bacteria on behaviour disappear when this nerve is cut.
            </>,
            <>
              <strong>Immune signals.</strong> Much of the body’s immune tissue lines the gut, and gut microbes influence
              the messengers, called cytokines, that it releases into the blood. Some of these act on the brain.
            </>,
            <>
              <strong>Microbial metabolites.</strong> Substances that microbes make, such as short-chain fatty acids
              from fibre, enter the blood. Research, much of it in animals, suggests they influence the gut lining, immune
              cells and possibly the brain.
            </>,
            <>
              <strong>Stress hormones.</strong> The stress response, through hormones such as cortisol, changes how the
              gut moves and what it secretes, and with that the conditions its microbes live in.
            </>,
          ]}
        />
      </Section>

      <Section id="serotonin" title="Serotonin: made mostly in the gut, but not for the brain">
        <Paragraph>
          Serotonin is a chemical messenger best known for its part in mood and sleep. It is well established that most
          of the body’s serotonin is made in the gut, by specialised cells in its lining, where it helps control how the
          gut moves. It is tempting to conclude that the gut makes the brain’s “happy chemical”. It does not: serotonin
          made in the gut does not cross the blood–brain barrier, and the brain makes its own.
        </Paragraph>
        <SerotoninFigure />
        <Paragraph>
          So where do microbes come in? Serotonin is made from tryptophan, an amino acid in protein foods such as dal,
          milk, curd, paneer, nuts and seeds. Studies, mostly in mice, show that some gut bacteria prompt the gut lining
          to make more serotonin, and gut microbes also use tryptophan themselves, turning it into other compounds.
          Researchers are studying whether this changes how much tryptophan reaches the brain; in people, the answer is
          not yet clear.
        </Paragraph>
        <Paragraph>
          Some gut bacteria, including strains of <em>Lactobacillus</em> and <em>Bifidobacterium</em>, can also make
          GABA, a messenger that calms nerve activity. Whether GABA made in the gut affects the brain in people is still
          an open question.
        </Paragraph>
      </Section>

      <Section id="daily-rhythms" title="Your microbes keep time too">
        <Paragraph>
          Almost every cell in the body follows a roughly 24-hour clock, set mainly by light and by when we eat. Studies,
          mostly in mice and some in people, show that gut microbes have daily rhythms too: the amounts of some groups,
          and what they are doing, rise and fall over the day, guided largely by mealtimes.
        </Paragraph>
        <DailyRhythmFigure />
        <Paragraph>
          When these rhythms are disturbed, as with jet lag or shift work, studies have found changes in the gut
          community, and in mice a disrupted microbial rhythm has been linked to weight gain and poorer blood sugar
          control. Whether regular routines help the microbiome in people is still being studied, but regular sleep and
          mealtimes are good advice for sleep in their own right.
        </Paragraph>
      </Section>

      <Section id="research" title="What the research suggests">
        <Paragraph>
          This is an active field. Most findings so far are associations seen in groups of people, or effects seen in
          animals, so they point to links rather than proven causes. Here is where things stand.
        </Paragraph>
        <SubHeading>Sleep</SubHeading>
        <Paragraph>
          Studies have linked poor or short sleep with differences in the gut community, including lower diversity in
          some of them. Small experiments that cut people’s sleep for a few nights found changes in their gut bacteria.
          Which comes first is not yet known: poor sleep may change the microbiome, and the microbiome may affect sleep.
        </Paragraph>
        <SubHeading>Stress and mood</SubHeading>
        <Paragraph>
          Animals raised without any gut microbes show an exaggerated stress-hormone response, which settles when certain
          bacteria are introduced early in life. In people, large population studies have linked depression with lower
          levels of some butyrate-producing bacteria. Trials of probiotics for mood and stress have had mixed results so
          far.
        </Paragraph>
        <SubHeading>Energy</SubHeading>
        <Paragraph>
          Short-chain fatty acids are a direct source of energy for the cells lining the colon and take part in how the
          body handles sugar and fat. Whether the microbiome affects how energetic you feel has been studied far less.
          Tiredness has many causes that a stool test cannot see, such as anaemia, thyroid problems, low vitamin B12 or
          poor sleep: if you feel tired most of the time, see a doctor.
        </Paragraph>
        <SubHeading>Diet</SubHeading>
        <Paragraph>
          Diets rich in fibre, vegetables, pulses, whole grains and fermented foods are linked in studies with better
          mood, and they feed fibre-fermenting bacteria. See{' '}
          <TextLink to={SCIENCE_PAGES.food.to}>Food-Microbiome</TextLink> for how.
        </Paragraph>
      </Section>

      <Section id="gut-sens" title="What Gut SEnS looks at">
        <Paragraph>
          Gut SEnS pairs a metagenomic gut microbiome test with two validated questionnaires, so that your report can
          set your gut bacteria beside your sleep and stress scores.
        </Paragraph>
        <Bullets
          items={[
            <>
              <strong>Gut–brain bacteria:</strong> bacteria with genes for making or using GABA and for tryptophan
              metabolism, the pathway that leads to serotonin.
            </>,
            <>
              <strong>Short-chain fatty acid producers:</strong> fibre fermenters whose products are studied for their
              effects on mood and energy.
            </>,
            <>
              <strong>Sleep quality:</strong> your score on the Pittsburgh Sleep Quality Index (PSQI), which covers seven
              parts of sleep over the past month, from how long you take to fall asleep to daytime tiredness.
            </>,
            <>
              <strong>Stress and worry:</strong> your score on the GAD-7, seven questions about anxiety symptoms over the
              last two weeks, widely used for screening.
            </>,
          ]}
        />
        <Paragraph>
          You can answer both here: the <TextLink to="/questionaire/psqi">PSQI sleep questionnaire</TextLink> and the{' '}
          <TextLink to="/questionaire/gad7">GAD-7 anxiety questionnaire</TextLink>. Together they take about 10 minutes.
        </Paragraph>
        <Note title="Screening, not diagnosis">
          The questionnaires screen; they do not diagnose a sleep or anxiety disorder, and Gut SEnS does not treat one.
          Keep taking any medicine you have been prescribed. If you have thoughts of harming yourself, please contact a
          doctor or call the Tele-MANAS helpline on 14416 now.
        </Note>
      </Section>

      <NextSteps
        current="sens"
        kits={{
          '/products/gutsens': 'Your gut–brain bacteria beside your PSQI and GAD-7 scores, with a nutritionist consultation for sleep and energy.',
          '/products/gut360': 'The full species-level picture of your gut and its functions, with a four-week Indian meal plan.',
        }}
      />
    </ContentPage>
  );
}
