import { Arrow, colour, Figure, Label, StepChain, stepChainHeight } from './primitives';

const SAMPLE_TO_REPORT = [
  { title: 'Collect at home', detail: 'Pea-sized sample, sealed tube' },
  { title: 'Extract the DNA', detail: 'Cells opened, DNA purified' },
  { title: 'Sequence', detail: 'DNA read in short pieces: reads' },
  { title: 'Bioinformatics', detail: 'Reads matched to genomes' },
  { title: 'Species and functions', detail: 'Who is there, what they can do' },
  { title: 'Your report', detail: 'Your results and diet guidance' },
] as const;

export function SampleToReportFigure() {
  return (
    <Figure
      id="sample-to-report-figure"
      title="From sample to report in six steps"
      description={
        'Six numbered steps: 1, you collect a pea-sized stool sample at home in a sealed tube; 2, the lab extracts the ' +
        'DNA; 3, a sequencer reads it as short pieces called reads; 4, bioinformatics matches the reads to reference ' +
        'genomes of known microbes; 5, this gives the species present and what they can do; 6, your report sets the ' +
        'results beside a reference group and gives diet guidance.'
      }
      caption="From your sample to your report. Which microbes are named, and whether their functions are read, depends on the sequencing method of your kit."
      height={stepChainHeight(SAMPLE_TO_REPORT.length)}
    >
      <StepChain steps={SAMPLE_TO_REPORT} numbered />
    </Figure>
  );
}

const GENOME_ROWS = [0, 1, 2] as const;
const GENOME_LEFT = 20;
const GENOME_WIDTH = 150;
const GENOME_GAP = 22;
const GENOME_HEIGHT = 12;
/** Where the 16S gene sits in each drawn genome: its place differs from one bacterium to another. */
const MARKER_OFFSETS = [36, 92, 64] as const;
const PIECE_WIDTH = 15;
const PIECE_STEP = 19;
const PIECES = Array.from({ length: 8 }, (_, index) => GENOME_LEFT + index * PIECE_STEP);

function Genomes({ top, read }: { top: number; read: 'marker' | 'everything' }) {
  return (
    <g>
      {GENOME_ROWS.map((row) => {
        const y = top + row * GENOME_GAP;
        return (
          <g key={row}>
            <rect x={GENOME_LEFT} y={y} width={GENOME_WIDTH} height={GENOME_HEIGHT} rx={6} fill={colour.shade} stroke={colour.panelEdge} />
            {read === 'marker' ? (
              <rect x={GENOME_LEFT + MARKER_OFFSETS[row]} y={y - 2} width={24} height={GENOME_HEIGHT + 4} rx={3} fill={colour.orange} />
            ) : (
              PIECES.map((x) => <rect key={x} x={x} y={y - 2} width={PIECE_WIDTH} height={GENOME_HEIGHT + 4} rx={3} fill={colour.blue} />)
            )}
          </g>
        );
      })}
    </g>
  );
}

function Legend({ y }: { y: number }) {
  const items = [
    { label: 'Genome', fill: colour.shade, edge: colour.panelEdge },
    { label: '16S gene', fill: colour.orange, edge: colour.orange },
    { label: 'Piece read', fill: colour.blue, edge: colour.blue },
  ];
  return (
    <g>
      {items.map((item, index) => {
        const x = 20 + index * 108;
        return (
          <g key={item.label}>
            <rect x={x} y={y - 11} width={16} height={12} rx={3} fill={item.fill} stroke={item.edge} />
            <Label x={x + 22} y={y} lines={[item.label]} anchor="start" />
          </g>
        );
      })}
    </g>
  );
}

export function SequencingMethodsFigure() {
  return (
    <Figure
      id="sequencing-methods-figure"
      title="16S amplicon sequencing compared with shotgun metagenomics"
      description={
        'Two panels, each showing the DNA of three bacteria as grey bars. In 16S amplicon sequencing, used by Gut Start, ' +
        'only one short marker gene in each bar, the 16S gene, is copied and read: the result says which bacteria are ' +
        'there, mostly to genus level. In shotgun metagenomics, used by Gut 360, Gut SEnS and Gut Heal, every bar is cut ' +
        'into pieces and all of them are read: the result names species and shows the genes for what they can do.'
      }
      caption="16S sequencing reads one marker gene; shotgun metagenomics reads all the DNA in the sample."
      height={412}
    >
      <Label x={20} y={26} lines={['16S amplicon sequencing']} size={16} bold anchor="start" />
      <Label x={20} y={46} lines={['Gut Start']} fill={colour.brand} bold anchor="start" />
      <Genomes top={64} read="marker" />
      <Arrow from={[178, 92]} to={[204, 92]} />
      <Label x={212} y={80} lines={['Copies and reads', 'only the 16S', 'marker gene']} anchor="start" />
      <Label x={20} y={154} lines={['Result: which bacteria are there,', 'mostly to genus level']} anchor="start" />

      <line x1={20} y1={192} x2={340} y2={192} stroke={colour.shade} strokeWidth={2} />

      <Label x={20} y={222} lines={['Shotgun metagenomics']} size={16} bold anchor="start" />
      <Label x={20} y={242} lines={['Gut 360, Gut SEnS, Gut Heal']} fill={colour.brand} bold anchor="start" />
      <Genomes top={260} read="everything" />
      <Arrow from={[178, 288]} to={[204, 288]} />
      <Label x={212} y={276} lines={['Cuts all DNA into', 'pieces and reads', 'every piece']} anchor="start" />
      <Label x={20} y={350} lines={['Result: species, and the genes that', 'show what they can do']} anchor="start" />

      <Legend y={400} />
    </Figure>
  );
}

type Kind = 'circle' | 'square' | 'triangle' | 'diamond' | 'ring' | 'capsule';

/** One microbe of a kind: each kind has its own shape as well as its own colour, so colour is never the only clue. */
function Microbe({ kind, x, y }: { kind: Kind; x: number; y: number }) {
  switch (kind) {
    case 'circle':
      return <circle cx={x} cy={y} r={9} fill={colour.brandMid} />;
    case 'square':
      return <rect x={x - 8} y={y - 8} width={16} height={16} rx={2} fill={colour.blue} />;
    case 'triangle':
      return <polygon points={`${x},${y - 10} ${x + 10},${y + 8} ${x - 10},${y + 8}`} fill={colour.orange} />;
    case 'diamond':
      return <polygon points={`${x},${y - 10} ${x + 10},${y} ${x},${y + 10} ${x - 10},${y}`} fill={colour.inkSoft} />;
    case 'ring':
      return <circle cx={x} cy={y} r={8} fill={colour.white} stroke={colour.brand} strokeWidth={3} />;
    case 'capsule':
      return <rect x={x - 11} y={y - 5} width={22} height={10} rx={5} fill={colour.blueInk} />;
  }
}

/** Twelve places inside a community's circle, four to a row. */
const SPOTS = [-35, 0, 35].flatMap((dy) => [-45, -15, 15, 45].map((dx) => [dx, dy] as const));

const LESS_DIVERSE: readonly Kind[] = ['circle', 'circle', 'circle', 'circle', 'square', 'circle', 'circle', 'circle', 'triangle', 'circle', 'circle', 'square'];
const MORE_DIVERSE: readonly Kind[] = ['circle', 'square', 'triangle', 'diamond', 'ring', 'capsule', 'diamond', 'ring', 'capsule', 'circle', 'square', 'triangle'];

function Community({ cx, members, title, lines }: { cx: number; members: readonly Kind[]; title: string; lines: readonly string[] }) {
  const cy = 92;
  return (
    <g>
      <circle cx={cx} cy={cy} r={76} fill={colour.panel} stroke={colour.panelEdge} strokeWidth={1.5} />
      {members.map((kind, index) => {
        const [dx, dy] = SPOTS[index] ?? [0, 0];
        return <Microbe key={index} kind={kind} x={cx + dx} y={cy + dy} />;
      })}
      <Label x={cx} y={196} lines={[title]} size={15} bold />
      <Label x={cx} y={216} lines={lines} />
    </g>
  );
}

export function DiversityFigure() {
  return (
    <Figure
      id="diversity-figure"
      title="Two gut communities: less diverse and more diverse"
      description={
        'Two circles of twelve microbes each, every kind drawn with its own shape. In the less diverse community there ' +
        'are three kinds, and one kind makes up nine of the twelve. In the more diverse community there are six kinds, ' +
        'two of each.'
      }
      caption="Diversity counts how many kinds of microbes there are (richness) and how evenly they are spread (evenness). The Shannon index combines both."
      height={250}
    >
      <Community cx={92} members={LESS_DIVERSE} title="Less diverse" lines={['Few kinds; one', 'outnumbers the rest']} />
      <Community cx={268} members={MORE_DIVERSE} title="More diverse" lines={['More kinds, spread', 'more evenly']} />
    </Figure>
  );
}
