import { Arrow, Card, cardHeight, colour, Figure, Label, round, tones, type Tone } from './primitives';

const SCFAS = [
  { title: 'Butyrate', lines: ['main fuel', 'for gut', 'lining cells'] },
  { title: 'Propionate', lines: ['used by', 'the liver'] },
  { title: 'Acetate', lines: ['the most', 'plentiful;', 'enters blood'] },
] as const;
const SCFA_WIDTH = 102;
const SCFA_GAP = 7;
const SCFA_TOP = 198;

export function FibreToScfaFigure() {
  return (
    <Figure
      id="fibre-to-scfa-figure"
      title="How fibre becomes short-chain fatty acids"
      description={
        'Fibre from dal, millets, vegetables and fruit reaches the large intestine, where gut microbes ferment it, with ' +
        'some gas as a normal by-product. Fermentation makes three short-chain fatty acids: butyrate, the main fuel for ' +
        'the cells lining the gut; propionate, used by the liver; and acetate, the most plentiful, which enters the blood. ' +
        'Together they are linked to a healthy gut lining, immune balance and appetite signals.'
      }
      caption="Fibre we cannot digest feeds the microbes of the large intestine, and what they make from it feeds us."
      height={400}
    >
      <Card x={20} y={10} width={320} height={cardHeight(1)} title="Fibre" lines={['dal, millets, vegetables, fruit']} />
      <Arrow from={[180, 64]} to={[180, 88]} />
      <Card x={20} y={90} width={320} height={cardHeight(2)} title="Gut microbes ferment it" lines={['in the large intestine; some gas', 'is a normal by-product']} tone="brand" />
      {SCFAS.map((scfa, index) => {
        const x = 20 + index * (SCFA_WIDTH + SCFA_GAP);
        const centre = round(x + SCFA_WIDTH / 2);
        return (
          <g key={scfa.title}>
            <Arrow from={[180, 162]} to={[centre, SCFA_TOP - 2]} />
            <Card x={x} y={SCFA_TOP} width={SCFA_WIDTH} height={cardHeight(3)} title={scfa.title} lines={scfa.lines} tone="blue" />
            <Arrow from={[centre, SCFA_TOP + cardHeight(3) + 2]} to={[centre, 318]} />
          </g>
        );
      })}
      <Card x={20} y={320} width={320} height={cardHeight(2)} title="Together, linked to" lines={['a healthy gut lining, immune', 'balance and appetite signals']} tone="solid" />
    </Figure>
  );
}

const PLATE = { cx: 180, cy: 150, r: 136 } as const;
const BOWL_RADIUS = 36;
const BOWL_DISTANCE = 84;
const PURPOSES = {
  fibre: { tone: 'brand', legend: 'Fibre: dal, sabzi, salad, fruit, ragi' },
  cultures: { tone: 'blue', legend: 'Live cultures: curd' },
  polyphenols: { tone: 'orange', legend: 'Polyphenols: herbs and spices (chutney)' },
} as const satisfies Record<string, { tone: Tone; legend: string }>;
type Purpose = keyof typeof PURPOSES;

const BOWLS: ReadonlyArray<{ food: string; purpose: Purpose }> = [
  { food: 'Dal', purpose: 'fibre' },
  { food: 'Sabzi', purpose: 'fibre' },
  { food: 'Curd', purpose: 'cultures' },
  { food: 'Salad', purpose: 'fibre' },
  { food: 'Chutney', purpose: 'polyphenols' },
  { food: 'Fruit', purpose: 'fibre' },
];

function Bowl({ x, y, radius, purpose, lines }: { x: number; y: number; radius: number; purpose: Purpose; lines: readonly string[] }) {
  const { fill, edge } = tones[PURPOSES[purpose].tone];
  return (
    <g>
      <circle cx={x} cy={y} r={radius} fill={fill} stroke={edge} strokeWidth={2} />
      <Label x={x} y={round(y + 5 - (lines.length - 1) * 9)} lines={lines} bold />
    </g>
  );
}

export function ThaliFigure() {
  return (
    <Figure
      id="thali-figure"
      title="What a thali offers your gut microbes"
      description={
        'A thali seen from above, with ragi roti in the middle and six bowls around it: dal, sabzi, curd, salad, chutney ' +
        'and fruit. Dal, sabzi, salad, fruit and ragi roti bring fibre; curd brings live cultures; the herbs and spices ' +
        'of the chutney bring polyphenols.'
      }
      caption="One everyday meal can bring all three: fibre, live cultures and polyphenols. Variety across the week matters more than any single food."
      height={376}
    >
      <circle cx={PLATE.cx} cy={PLATE.cy} r={PLATE.r} fill={colour.panel} stroke={colour.panelEdge} strokeWidth={2} />
      <circle cx={PLATE.cx} cy={PLATE.cy} r={PLATE.r - 8} fill="none" stroke={colour.shade} strokeWidth={2} />
      <Bowl x={PLATE.cx} y={PLATE.cy} radius={38} purpose="fibre" lines={['Ragi', 'roti']} />
      {BOWLS.map((bowl, index) => {
        const angle = ((index * 60 - 90) * Math.PI) / 180;
        return (
          <Bowl
            key={bowl.food}
            x={round(PLATE.cx + BOWL_DISTANCE * Math.cos(angle))}
            y={round(PLATE.cy + BOWL_DISTANCE * Math.sin(angle))}
            radius={BOWL_RADIUS}
            purpose={bowl.purpose}
            lines={[bowl.food]}
          />
        );
      })}
      {Object.entries(PURPOSES).map(([purpose, { tone, legend }], index) => {
        const y = 312 + index * 24;
        return (
          <g key={purpose}>
            <circle cx={28} cy={y - 5} r={8} fill={tones[tone].fill} stroke={tones[tone].edge} strokeWidth={2} />
            <Label x={44} y={y} lines={[legend]} anchor="start" />
          </g>
        );
      })}
    </Figure>
  );
}
