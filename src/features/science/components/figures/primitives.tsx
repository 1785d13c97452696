/**
 * The parts every science figure is drawn from. The figures are hand-drawn inline SVG: a viewBox 360 units wide,
 * drawn for a phone first, so that text of 14 units stays at least 12px on a 390px screen and the figure grows no
 * wider than FIGURE_MAX_WIDTH on a large one.
 */
import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

export const FIGURE_WIDTH = 360;
const FIGURE_MAX_WIDTH = '480px';

/**
 * The theme's colours (src/theme/system.ts and Chakra's palette) as plain values: an SVG attribute takes no theme
 * token, and the figure must look right in the HTML rendered at build time before any style arrives.
 */
export const colour = {
  ink: '#27272a', // gray.800
  inkSoft: '#3f3f46', // gray.700
  line: '#71717a', // gray.500: 4.8:1 on white, enough for lines and arrows
  panel: '#fafafa', // gray.50
  panelEdge: '#a1a1aa', // gray.400
  shade: '#e4e4e7', // gray.200
  brand: '#155a35', // brand.700
  brandMid: '#238a4f', // brand.500
  brandTint: '#d3eedb', // brand.100
  brandSoft: '#eef8f1', // brand.50
  blue: '#2563eb', // blue.600
  blueInk: '#173da6', // blue.700
  blueSoft: '#eff6ff', // blue.50
  orange: '#ea580c', // orange.600
  orangeInk: '#92310a', // orange.700
  orangeSoft: '#fff7ed', // orange.50
  white: '#ffffff',
} as const;

/** How a card is coloured: its fill, its edge and its text. */
export const tones = {
  brand: { fill: colour.brandSoft, edge: colour.brandMid, ink: colour.ink },
  blue: { fill: colour.blueSoft, edge: colour.blue, ink: colour.ink },
  orange: { fill: colour.orangeSoft, edge: colour.orange, ink: colour.ink },
  plain: { fill: colour.panel, edge: colour.panelEdge, ink: colour.ink },
  solid: { fill: colour.brand, edge: colour.brand, ink: colour.white },
} as const;

export type Tone = keyof typeof tones;

const LINE_HEIGHT = 1.3;

/** Rounds a drawn coordinate, so that the build's renderer and the browser write the same attribute. */
export const round = (value: number) => Math.round(value * 10) / 10;

interface FigureProps {
  /** Unique on the page: the title, the description and any clip path inside take their ids from it. */
  id: string;
  /** The figure's accessible name: what it shows, in a few words. */
  title: string;
  /** What a person who cannot see it needs to know from it. */
  description: string;
  caption: ReactNode;
  height: number;
  children: ReactNode;
}

/** A figure with its visible caption; the drawing is one image whose name and description are inside it. */
export function Figure({ id, title, description, caption, height, children }: FigureProps) {
  return (
    <Box as="figure" my="8" mx="0">
      <Box borderWidth="1px" borderColor="gray.200" rounded="lg" bg="white" p="2" maxW={FIGURE_MAX_WIDTH} mx="auto">
        <svg
          viewBox={`0 0 ${FIGURE_WIDTH} ${height}`}
          width="100%"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          style={{ display: 'block', height: 'auto' }}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {children}
        </svg>
      </Box>
      <Text as="figcaption" mt="3" fontSize="sm" color="gray.700" maxW={FIGURE_MAX_WIDTH} mx="auto">
        {caption}
      </Text>
    </Box>
  );
}

interface LabelProps {
  x: number;
  /** The baseline of the first line. */
  y: number;
  /** SVG text does not wrap: each entry is one line. */
  lines: readonly string[];
  size?: number;
  bold?: boolean;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
}

export function Label({ x, y, lines, size = 14, bold = false, fill = colour.ink, anchor = 'middle' }: LabelProps) {
  return (
    <text x={x} y={y} fontSize={size} fontWeight={bold ? 700 : 400} fill={fill} textAnchor={anchor}>
      {lines.map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? 0 : round(size * LINE_HEIGHT)}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

interface CardProps {
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  lines?: readonly string[];
  tone?: Tone;
  /** Text centred in the card, or from its left edge. */
  align?: 'middle' | 'start';
}

/** A rounded box with a bold title and a few lines under it. */
export function Card({ x, y, width, height, title, lines = [], tone = 'plain', align = 'middle' }: CardProps) {
  const { fill, edge, ink } = tones[tone];
  const textX = align === 'middle' ? x + width / 2 : x + 14;
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx={10} fill={fill} stroke={edge} strokeWidth={1.5} />
      <Label x={textX} y={y + 24} lines={[title]} size={15} bold fill={ink} anchor={align} />
      {lines.length > 0 ? <Label x={textX} y={y + 44} lines={lines} fill={ink} anchor={align} /> : null}
    </g>
  );
}

/** The height a card needs for its title and `lineCount` lines under it. */
export const cardHeight = (lineCount: number) => 34 + lineCount * 18;

type Point = readonly [number, number];

const HEAD_LENGTH = 9;
const HEAD_HALF_WIDTH = 5;

function arrowHead([x, y]: Point, angle: number): string {
  const back: Point = [x - HEAD_LENGTH * Math.cos(angle), y - HEAD_LENGTH * Math.sin(angle)];
  const side: Point = [HEAD_HALF_WIDTH * Math.sin(angle), -HEAD_HALF_WIDTH * Math.cos(angle)];
  const corners: Point[] = [
    [x, y],
    [back[0] + side[0], back[1] + side[1]],
    [back[0] - side[0], back[1] - side[1]],
  ];
  return corners.map(([px, py]) => `${round(px)},${round(py)}`).join(' ');
}

/** A straight arrow; `both` puts a head at each end, for signals that travel both ways. */
export function Arrow({ from, to, both = false, stroke = colour.line, dashed = false }: { from: Point; to: Point; both?: boolean; stroke?: string; dashed?: boolean }) {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  return (
    <g stroke={stroke} fill={stroke} strokeWidth={2}>
      <line x1={from[0]} y1={from[1]} x2={to[0]} y2={to[1]} strokeDasharray={dashed ? '5 4' : undefined} />
      <polygon points={arrowHead(to, angle)} strokeWidth={1} />
      {both ? <polygon points={arrowHead(from, angle + Math.PI)} strokeWidth={1} /> : null}
    </g>
  );
}

interface Step {
  title: string;
  detail: string;
}

const STEP_HEIGHT = cardHeight(1);
const STEP_GAP = 26;

/** The height of a StepChain of `count` steps. */
export const stepChainHeight = (count: number) => 10 + count * STEP_HEIGHT + (count - 1) * STEP_GAP + 10;

/**
 * Steps one under the other, joined by arrows: numbered when they are the order things happen in, otherwise a chain
 * of cause and effect whose last card, where it leads, is filled.
 */
export function StepChain({ steps, numbered, tone = 'brand' }: { steps: readonly Step[]; numbered: boolean; tone?: Tone }) {
  return (
    <g>
      {steps.map((step, index) => {
        const y = 10 + index * (STEP_HEIGHT + STEP_GAP);
        const last = index === steps.length - 1;
        return (
          <g key={step.title}>
            {numbered ? (
              <>
                <rect x={20} y={y} width={320} height={STEP_HEIGHT} rx={10} fill={tones[tone].fill} stroke={tones[tone].edge} strokeWidth={1.5} />
                <circle cx={46} cy={y + STEP_HEIGHT / 2} r={15} fill={colour.brand} />
                <Label x={46} y={y + STEP_HEIGHT / 2 + 5} lines={[String(index + 1)]} bold fill={colour.white} />
                <Label x={74} y={y + 24} lines={[step.title]} size={15} bold anchor="start" />
                <Label x={74} y={y + 44} lines={[step.detail]} fill={colour.inkSoft} anchor="start" />
              </>
            ) : (
              <Card x={20} y={y} width={320} height={STEP_HEIGHT} title={step.title} lines={[step.detail]} tone={last ? 'solid' : tone} />
            )}
            {last ? null : <Arrow from={[180, y + STEP_HEIGHT + 2]} to={[180, y + STEP_HEIGHT + STEP_GAP - 2]} />}
          </g>
        );
      })}
    </g>
  );
}
