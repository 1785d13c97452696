import { Arrow, Card, cardHeight, colour, Figure, Label, StepChain, stepChainHeight } from './primitives';

const REFERENCE_ID = 'reference-figure';
const BASELINE = 180;
/** The spread of one measure among the reference group: a smooth hump, drawn, not data. */
const REFERENCE_CURVE = `M20,${BASELINE} C90,178 120,40 180,40 C240,40 270,178 340,${BASELINE} Z`;
const USUAL_RANGE = { left: 110, right: 250 } as const;
const YOUR_VALUE_X = 222;

export function ReferenceFigure() {
  return (
    <Figure
      id={REFERENCE_ID}
      title="Your value placed on the spread of healthy Indian adults"
      description={
        'A hump-shaped curve shows how one measure, such as diversity, is spread among healthy Indian adults in the ' +
        'reference group, from lower on the left to higher on the right. The middle of the curve is shaded as the usual ' +
        'range. A line marks your value, here inside the usual range and a little above the middle.'
      }
      caption="Each measure in a report is read against the same measure in healthy Indian adults. A value outside the usual range is unusual for the group, not a diagnosis."
      height={262}
    >
      <defs>
        <clipPath id={`${REFERENCE_ID}-usual`}>
          <rect x={USUAL_RANGE.left} y={0} width={USUAL_RANGE.right - USUAL_RANGE.left} height={BASELINE} />
        </clipPath>
      </defs>
      <path d={REFERENCE_CURVE} fill={colour.panel} stroke={colour.line} strokeWidth={2} />
      <path d={REFERENCE_CURVE} fill={colour.brandTint} clipPath={`url(#${REFERENCE_ID}-usual)`} />
      <path d={REFERENCE_CURVE} fill="none" stroke={colour.line} strokeWidth={2} />
      <Label x={166} y={150} lines={['Usual', 'range']} bold />
      <line x1={YOUR_VALUE_X} y1={30} x2={YOUR_VALUE_X} y2={BASELINE} stroke={colour.brand} strokeWidth={3} />
      <circle cx={YOUR_VALUE_X} cy={30} r={6} fill={colour.brand} />
      <Label x={YOUR_VALUE_X + 12} y={35} lines={['You']} size={15} bold fill={colour.brand} anchor="start" />
      <line x1={20} y1={BASELINE} x2={340} y2={BASELINE} stroke={colour.ink} strokeWidth={1.5} />
      <Label x={20} y={200} lines={['Lower']} anchor="start" />
      <Label x={340} y={200} lines={['Higher']} anchor="end" />
      <Label x={180} y={224} lines={['A measure, such as diversity']} bold />
      <Label x={180} y={248} lines={['Curve: healthy Indian adults']} fill={colour.inkSoft} />
    </Figure>
  );
}

const GENE_TO_FUNCTION = [
  { title: 'Genes in your sample', detail: 'e.g. but and buk, butyrate genes' },
  { title: 'A pathway', detail: 'Steps that turn sugars into butyrate' },
  { title: 'A product: butyrate', detail: 'A short-chain fatty acid' },
  { title: 'Linked to', detail: 'Fuel for the cells lining the colon' },
] as const;

const GENE_CHAIN_HEIGHT = stepChainHeight(GENE_TO_FUNCTION.length);

export function GeneToFunctionFigure() {
  return (
    <Figure
      id="gene-to-function-figure"
      title="From genes to a function: how butyrate production is inferred"
      description={
        'Four boxes joined by arrows: genes found in your sample, such as but and buk; the pathway their enzymes form, ' +
        'the steps that turn sugars into butyrate; the product, butyrate, a short-chain fatty acid; and what it is linked ' +
        'to, fuel for the cells lining the colon. A note says genes show what microbes can do, not what they are doing ' +
        'right now.'
      }
      caption="Functional potential is read from genes: finding the genes of a pathway means your microbes can carry it out, not that they are doing so today."
      height={GENE_CHAIN_HEIGHT + 52}
    >
      <StepChain steps={GENE_TO_FUNCTION} numbered={false} />
      <Label x={180} y={GENE_CHAIN_HEIGHT + 16} lines={['Genes show what microbes can do,', 'not what they are doing right now.']} fill={colour.inkSoft} />
    </Figure>
  );
}

const INPUT_HEIGHT = cardHeight(2);
const STEP = cardHeight(1);

export function ProfileToSuggestionsFigure() {
  return (
    <Figure
      id="profile-to-suggestions-figure"
      title="How a profile and a food questionnaire become diet suggestions"
      description={
        'Two inputs, your microbiome profile and your answers to the food and lifestyle questionnaire, lead into models ' +
        'that compare you with the reference group and apply links found in research. They produce draft suggestions: ' +
        'foods to eat more of and simple swaps. A nutritionist reviews them against your health, medicines and tastes, ' +
        'and the result is your plan, built on Indian food.'
      }
      caption="Models draft; people decide. In Gut 360, Gut SEnS and Gut Heal a nutritionist goes through the suggestions with you. Gut Start's report gives food pointers."
      height={432}
    >
      <Card x={20} y={10} width={155} height={INPUT_HEIGHT} title="Your profile" lines={['microbes and', 'their genes']} tone="blue" />
      <Card x={185} y={10} width={155} height={INPUT_HEIGHT} title="Your answers" lines={['food and lifestyle', 'questionnaire']} tone="blue" />
      <Arrow from={[97, 82]} to={[150, 110]} />
      <Arrow from={[263, 82]} to={[210, 110]} />
      <Card x={20} y={112} width={320} height={INPUT_HEIGHT} title="Models" lines={['compare you with the reference', 'and apply links found in research']} tone="brand" />
      <Arrow from={[180, 184]} to={[180, 208]} />
      <Card x={20} y={210} width={320} height={STEP} title="Draft suggestions" lines={['foods to eat more of, simple swaps']} tone="brand" />
      <Arrow from={[180, 264]} to={[180, 288]} />
      <Card x={20} y={290} width={320} height={STEP} title="A nutritionist reviews" lines={['your health, medicines and tastes']} tone="orange" />
      <Arrow from={[180, 344]} to={[180, 368]} />
      <Card x={20} y={370} width={320} height={STEP} title="Your plan" lines={['built on Indian food you enjoy']} tone="solid" />
    </Figure>
  );
}
