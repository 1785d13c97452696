import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { howItWorks } from '../content/about';

const BOX = { width: 160, height: 160 };
/** Where a step's box starts: the four steps sit on a 2 × 2 grid, read clockwise, so the text stays large on a phone. */
function stepOrigin(index: number) {
  const column = index === 1 || index === 2 ? 1 : 0;
  const row = index >= 2 ? 1 : 0;
  return { x: 5 + column * 190, y: 5 + row * 190 };
}
/** An arrow from each step to the next: a shaft and a head, in the figure's units. */
const ARROWS = [
  { shaft: 'M168 85 H188', head: '186,79 194,85 186,91' },
  { shaft: 'M275 168 V188', head: '269,186 275,194 281,186' },
  { shaft: 'M192 275 H172', head: '174,269 166,275 174,281' },
];

const INK = '#0d3520'; // brand.900
const LINE = '#155a35'; // brand.700
const TINT = '#eef8f1'; // brand.50

/** From the kit to the advice, in four steps: a simple diagram with its own text alternative. */
export function HowItWorksFigure() {
  return (
    <Box as="figure" maxW="md" mx="auto" w="full">
      <svg viewBox="0 0 360 360" width="100%" role="img" aria-labelledby="how-it-works-title" aria-describedby="how-it-works-desc" style={{ display: 'block', height: 'auto' }}>
        <title id="how-it-works-title">From your kit to your report in four steps</title>
        <desc id="how-it-works-desc">
          {howItWorks.map((step, index) => `${index + 1}. ${step.title}: ${step.figureLines.join(' ')}.`).join(' ')}
        </desc>
        {howItWorks.map((step, index) => {
          const at = stepOrigin(index);
          return (
            <g key={step.title} transform={`translate(${at.x} ${at.y})`}>
              <rect width={BOX.width} height={BOX.height} rx="14" fill={TINT} stroke={LINE} strokeWidth="2" />
              <circle cx="26" cy="28" r="15" fill={LINE} />
              <text x="26" y="33" textAnchor="middle" fontSize="15" fontWeight="700" fill="#ffffff">
                {index + 1}
              </text>
              <text x="12" y="70" fontSize="15" fontWeight="700" fill={INK}>
                {step.title}
              </text>
              {step.figureLines.map((line, lineIndex) => (
                <text key={line} x="12" y={92 + lineIndex * 18} fontSize="13" fill={INK}>
                  {line}
                </text>
              ))}
            </g>
          );
        })}
        {ARROWS.map((arrow) => (
          <g key={arrow.shaft}>
            <path d={arrow.shaft} stroke={LINE} strokeWidth="3" fill="none" />
            <polygon points={arrow.head} fill={LINE} />
          </g>
        ))}
      </svg>
      <Text as="figcaption" mt="2" fontSize="sm" color="gray.700" textAlign="center">
        How a test works, from the sample you collect at home to the advice you get.
      </Text>
    </Box>
  );
}
