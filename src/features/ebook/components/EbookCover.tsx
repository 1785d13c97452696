import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { EBOOK } from '../content/ebook';

const COVER = '#0d3520'; // brand.900
const PALE = '#d3eedb'; // brand.100
/** A few gut microbes as soft shapes, as on the PDF's cover: x, y, width, height, colour. */
const MICROBES: Array<[number, number, number, number, string]> = [
  [24, 176, 52, 18, '#72c490'],
  [98, 160, 26, 26, '#a7dcb8'],
  [146, 190, 66, 22, '#41a86a'],
  [52, 216, 22, 22, PALE],
  [112, 226, 44, 16, '#a7dcb8'],
  [186, 232, 20, 20, '#72c490'],
  [20, 250, 32, 32, '#41a86a'],
  [82, 262, 58, 18, '#72c490'],
  [166, 264, 30, 30, PALE],
];

/** The ebook's cover, drawn as the PDF draws it, with its title as the picture's text alternative. */
export function EbookCover() {
  return (
    <Box as="figure" w="full" maxW="15rem" mx="auto">
      <Box boxShadow="lg" rounded="sm" overflow="hidden">
        <svg viewBox="0 0 240 340" width="100%" role="img" aria-labelledby="ebook-cover-title" aria-describedby="ebook-cover-desc" style={{ display: 'block', height: 'auto' }}>
          <title id="ebook-cover-title">{`Cover of the ebook ${EBOOK.title}: ${EBOOK.subtitle}`}</title>
          <desc id="ebook-cover-desc">A dark green cover with the title in white and rounded shapes in shades of green, like gut bacteria.</desc>
          <rect width="240" height="340" fill={COVER} />
          <text x="20" y="38" fontSize="12" fontWeight="700" letterSpacing="0.5" fill="#a7dcb8">
            GUT360 HEALTH · FREE EBOOK
          </text>
          <text fontSize="20" fontWeight="700" fill="#ffffff">
            <tspan x="20" y="74">
              The Gut Microbiome
            </tspan>
            <tspan x="20" y="100">
              and Your Health
            </tspan>
          </text>
          <text x="20" y="128" fontSize="13" fill={PALE}>
            {EBOOK.subtitle}
          </text>
          {MICROBES.map(([x, y, width, height, colour]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width={width} height={height} rx={Math.min(width, height) / 2} fill={colour} />
          ))}
          <text x="20" y="318" fontSize="12" fill={PALE}>
            {`${EBOOK.pages} pages · PDF`}
          </text>
        </svg>
      </Box>
      <Text as="figcaption" mt="3" fontSize="sm" color="gray.700" textAlign="center">
        The cover of the free ebook.
      </Text>
    </Box>
  );
}
