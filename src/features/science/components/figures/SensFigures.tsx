import { Arrow, Card, cardHeight, colour, Figure, Label, round } from './primitives';

const AXIS_CHANNELS = [
  { title: 'Vagus nerve', detail: 'Nerve signals in both directions' },
  { title: 'Immune signals', detail: 'Messengers carried in the blood' },
  { title: 'Microbial metabolites', detail: 'e.g. short-chain fatty acids' },
  { title: 'Stress hormones', detail: 'e.g. cortisol, acting on the gut' },
] as const;
const CHANNEL_TOP = 86;
const CHANNEL_STEP = 58;
const SPINE_X = 44;

export function GutBrainAxisFigure() {
  return (
    <Figure
      id="gut-brain-axis-figure"
      title="The gut–brain axis: four ways the gut and the brain signal to each other"
      description={
        'The brain at the top and the gut with its microbes at the bottom, joined by a two-way arrow. Four channels run ' +
        'along it: the vagus nerve, carrying nerve signals in both directions; immune signals, messengers carried in the ' +
        'blood; microbial metabolites such as short-chain fatty acids; and stress hormones such as cortisol, which act ' +
        'on the gut.'
      }
      caption="The gut and the brain are in constant two-way contact. How much of this traffic gut microbes steer in people is still being worked out."
      height={410}
    >
      <Card x={20} y={10} width={320} height={cardHeight(1)} title="Brain" lines={['mood, sleep, the stress response']} tone="blue" />
      <Arrow from={[SPINE_X, 66]} to={[SPINE_X, 324]} both stroke={colour.brand} />
      {AXIS_CHANNELS.map((channel, index) => {
        const top = CHANNEL_TOP + index * CHANNEL_STEP;
        return (
          <g key={channel.title}>
            <circle cx={SPINE_X} cy={top + 13} r={6} fill={colour.white} stroke={colour.brand} strokeWidth={3} />
            <Label x={66} y={top + 18} lines={[channel.title]} size={15} bold anchor="start" />
            <Label x={66} y={top + 38} lines={[channel.detail]} fill={colour.inkSoft} anchor="start" />
          </g>
        );
      })}
      <Card x={20} y={330} width={320} height={cardHeight(2)} title="Gut" lines={['its own nerve network, immune cells', 'and trillions of microbes']} tone="brand" />
    </Figure>
  );
}

const BARRIER_Y = 96;
const GUT_SEROTONIN_X = 96;
const TRYPTOPHAN_X = 264;

/** A cross where gut serotonin meets the blood–brain barrier. */
function Blocked({ x, y }: { x: number; y: number }) {
  return (
    <g stroke={colour.orangeInk} strokeWidth={3} strokeLinecap="round">
      <line x1={x - 7} y1={y - 7} x2={x + 7} y2={y + 7} />
      <line x1={x - 7} y1={y + 7} x2={x + 7} y2={y - 7} />
    </g>
  );
}

export function SerotoninFigure() {
  return (
    <Figure
      id="serotonin-figure"
      title="Serotonin made in the gut does not cross into the brain"
      description={
        'At the bottom, the gut: tryptophan arrives in food such as dal, milk, curd, nuts and seeds, and gut cells, ' +
        'influenced by microbes, make most of the body’s serotonin. That gut serotonin works in the gut and the blood; ' +
        'its arrow stops with a cross at the blood–brain barrier. Tryptophan itself travels in the blood and crosses the ' +
        'barrier, and the brain makes its own serotonin from it.'
      }
      caption="Most of the body’s serotonin is made in the gut, but it stays outside the brain. The brain makes its own from tryptophan that reaches it through the blood."
      height={378}
    >
      <Card x={20} y={10} width={320} height={cardHeight(1)} title="Brain" lines={['makes its own serotonin']} tone="blue" />
      <Label x={180} y={86} lines={['Blood–brain barrier']} bold />
      <line x1={20} y1={BARRIER_Y} x2={340} y2={BARRIER_Y} stroke={colour.inkSoft} strokeWidth={2.5} strokeDasharray="8 5" />

      <Arrow from={[GUT_SEROTONIN_X, 148]} to={[GUT_SEROTONIN_X, 110]} stroke={colour.orangeInk} />
      <Blocked x={GUT_SEROTONIN_X} y={BARRIER_Y} />
      <Label x={GUT_SEROTONIN_X + 12} y={128} lines={['Does not cross']} bold fill={colour.orangeInk} anchor="start" />
      <Arrow from={[TRYPTOPHAN_X, 148]} to={[TRYPTOPHAN_X, 66]} stroke={colour.brand} />
      <Label x={TRYPTOPHAN_X + 10} y={128} lines={['Crosses']} bold fill={colour.brand} anchor="start" />

      <Card x={20} y={150} width={152} height={cardHeight(2)} title="Gut serotonin" lines={['works in the gut', 'and the blood']} tone="orange" />
      <Card x={188} y={150} width={152} height={cardHeight(2)} title="Tryptophan" lines={['travels in', 'the blood']} />
      <Arrow from={[GUT_SEROTONIN_X, 258]} to={[GUT_SEROTONIN_X, 224]} />
      <Arrow from={[TRYPTOPHAN_X, 258]} to={[TRYPTOPHAN_X, 224]} />
      <Card
        x={20}
        y={260}
        width={320}
        height={cardHeight(4)}
        title="Gut"
        lines={['Tryptophan arrives in food:', 'dal, milk, curd, nuts, seeds.', 'Gut cells, influenced by microbes,', 'make most of the body’s serotonin']}
        tone="brand"
      />
    </Figure>
  );
}

const CLOCK = { left: 40, right: 340, top: 34, bottom: 170 } as const;
const HOURS = 24;
/** The x of a time of day, in hours after 6 am. */
const atHour = (hours: number) => CLOCK.left + (hours / HOURS) * (CLOCK.right - CLOCK.left);
const NIGHT_STARTS = 16; // 10 pm
const MEALS = [2, 7, 14]; // 8 am, 1 pm, 8 pm

/** A smooth daily rise and fall peaking `peakHour` hours after 6 am: a shape for the eye, not measured data. */
function dailyWave(peakHour: number): string {
  const middle = 108;
  const swing = 46;
  const points = Array.from({ length: HOURS + 1 }, (_, hour) => {
    const y = middle - swing * Math.cos((2 * Math.PI * (hour - peakHour)) / HOURS);
    return `${round(atHour(hour))},${round(y)}`;
  });
  return `M${points.join(' L')}`;
}

const TIME_LABELS = [
  { hour: 0, text: '6 am', anchor: 'start' },
  { hour: 6, text: 'noon', anchor: 'middle' },
  { hour: 12, text: '6 pm', anchor: 'middle' },
  { hour: 18, text: 'midnight', anchor: 'middle' },
  { hour: 24, text: '6 am', anchor: 'end' },
] as const;

export function DailyRhythmFigure() {
  return (
    <Figure
      id="daily-rhythm-figure"
      title="Gut bacteria rise and fall over the day"
      description={
        'A schematic chart of one day from 6 am to 6 am, with the night from 10 pm shaded and meals marked at 8 am, 1 pm ' +
        'and 8 pm. One line, for some groups of bacteria, is highest in the afternoon and lowest at night; a dashed line, ' +
        'for other groups, does the opposite.'
      }
      caption="A schematic, not measured data. Studies, mostly in mice, show the amounts and activity of some gut bacteria rising and falling over 24 hours, following when we eat and sleep."
      height={256}
    >
      <Label x={20} y={22} lines={['Amount of each group (schematic)']} fill={colour.inkSoft} anchor="start" />
      <rect x={atHour(NIGHT_STARTS)} y={CLOCK.top} width={CLOCK.right - atHour(NIGHT_STARTS)} height={CLOCK.bottom - CLOCK.top} fill={colour.shade} />
      <Label x={round((atHour(NIGHT_STARTS) + CLOCK.right) / 2)} y={CLOCK.top + 20} lines={['Night']} bold />
      <path d={dailyWave(8)} fill="none" stroke={colour.brandMid} strokeWidth={3} />
      <path d={dailyWave(20)} fill="none" stroke={colour.blue} strokeWidth={3} strokeDasharray="7 5" />
      <line x1={CLOCK.left} y1={CLOCK.bottom} x2={CLOCK.right} y2={CLOCK.bottom} stroke={colour.ink} strokeWidth={1.5} />
      {MEALS.map((hour) => (
        <circle key={hour} cx={round(atHour(hour))} cy={CLOCK.bottom} r={6} fill={colour.orange} stroke={colour.white} strokeWidth={1.5} />
      ))}
      {TIME_LABELS.map((label) => (
        <Label key={label.hour} x={round(atHour(label.hour))} y={CLOCK.bottom + 20} lines={[label.text]} anchor={label.anchor} />
      ))}
      <line x1={20} y1={216} x2={44} y2={216} stroke={colour.brandMid} strokeWidth={3} />
      <Label x={52} y={221} lines={['Some groups']} anchor="start" />
      <line x1={20} y1={242} x2={44} y2={242} stroke={colour.blue} strokeWidth={3} strokeDasharray="7 5" />
      <Label x={52} y={247} lines={['Other groups']} anchor="start" />
      <circle cx={228} cy={216} r={6} fill={colour.orange} />
      <Label x={240} y={221} lines={['Meals']} anchor="start" />
    </Figure>
  );
}
