/**
 * The covers of the demo posts and recipes: a flat illustration for each, drawn here as SVG and made into the WebP
 * picture the shop serves, as an uploaded cover would be (services/images.ts). A recipe shows its dish from above on
 * a plate; a post shows what it is about.
 */
import sharp from 'sharp';
import type { EncodedImage } from '../images';

const WIDTH = 1200;
const HEIGHT = 675;

/** Circles of one colour scattered over a disc: grains, seeds, peas, pieces of vegetable. */
function scatter(cx: number, cy: number, radius: number, count: number, size: number, colour: string, seed: number): string {
  let shapes = '';
  for (let i = 0; i < count; i += 1) {
    // A golden-angle spiral: even, unordered-looking, and the same on every start.
    const angle = (i + seed) * 2.399963;
    const distance = radius * Math.sqrt((i + 0.5) / count);
    const x = cx + distance * Math.cos(angle);
    const y = cy + distance * Math.sin(angle);
    const r = size * (0.75 + ((i * 7 + seed) % 5) / 10);
    shapes += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${colour}"/>`;
  }
  return shapes;
}

/** A plate seen from above, its dish drawn by `food`, with a small bowl beside it. */
function plate(background: string, food: string, bowl: string): string {
  return `
    <rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>
    <rect y="${HEIGHT - 120}" width="${WIDTH}" height="120" fill="#000" opacity="0.05"/>
    <circle cx="560" cy="350" r="250" fill="#000" opacity="0.08"/>
    <circle cx="550" cy="338" r="250" fill="#fbfaf6"/>
    <circle cx="550" cy="338" r="205" fill="none" stroke="#e6e1d6" stroke-width="6"/>
    ${food}
    <circle cx="930" cy="470" r="112" fill="#000" opacity="0.08"/>
    <circle cx="922" cy="460" r="112" fill="#fbfaf6"/>
    ${bowl}
    <rect x="150" y="150" width="26" height="330" rx="13" fill="#c9b79c" transform="rotate(-8 163 315)"/>
    <ellipse cx="163" cy="150" rx="34" ry="48" fill="#c9b79c" transform="rotate(-8 163 315)"/>`;
}

const COVERS: Record<string, () => string> = {
  // Recipes: the dish on the plate, the side in the bowl.
  'ragi-dosa-with-coconut-chutney': () =>
    plate(
      '#e9dcc8',
      `<path d="M370 250 C 440 180, 700 180, 740 260 C 760 320, 720 420, 640 450 L 380 380 Z" fill="#8a5a3c"/>
       <path d="M380 262 C 450 205, 680 205, 718 270" fill="none" stroke="#6f452d" stroke-width="10" stroke-linecap="round"/>
       ${scatter(560, 320, 140, 40, 4, '#a8734f', 3)}`,
      `<circle cx="922" cy="460" r="86" fill="#f3f0e4"/>${scatter(922, 460, 70, 14, 5, '#5f8f3e', 1)}${scatter(922, 460, 60, 6, 4, '#c0392b', 5)}`,
    ),
  'moong-dal-chilla': () =>
    plate(
      '#dfe8cf',
      `<circle cx="550" cy="338" r="170" fill="#d9b44a"/>
       <circle cx="550" cy="338" r="170" fill="none" stroke="#b98f2c" stroke-width="12"/>
       ${scatter(550, 338, 140, 36, 7, '#4f8a3a', 2)}${scatter(550, 338, 130, 18, 6, '#c9462c', 9)}`,
      `<circle cx="922" cy="460" r="86" fill="#6aa84f"/>${scatter(922, 460, 66, 10, 5, '#e8f1dc', 4)}`,
    ),
  'rajma-with-brown-rice': () =>
    plate(
      '#f0dccc',
      `<path d="M550 160 A 178 178 0 0 1 550 516 Z" fill="#8e2f25"/>
       ${scatter(610, 338, 120, 34, 14, '#6d2019', 6)}
       <path d="M550 160 A 178 178 0 0 0 550 516 Z" fill="#c8a877"/>
       ${scatter(490, 338, 120, 60, 6, '#b08e5e', 1)}`,
      `<circle cx="922" cy="460" r="86" fill="#f6f1e4"/>${scatter(922, 460, 60, 12, 9, '#7fb069', 3)}${scatter(922, 460, 50, 6, 8, '#e07a5f', 8)}`,
    ),
  'curd-rice-with-pomegranate': () =>
    plate(
      '#d7e6ea',
      `<circle cx="550" cy="338" r="175" fill="#f7f5ee"/>
       ${scatter(550, 338, 160, 90, 5, '#e6e0cf', 4)}
       ${scatter(550, 338, 130, 26, 9, '#b5172f', 7)}${scatter(550, 338, 120, 14, 6, '#2f7d32', 2)}`,
      `<circle cx="922" cy="460" r="86" fill="#e8a33d"/>${scatter(922, 460, 64, 12, 6, '#c4661f', 3)}`,
    ),
  'mixed-vegetable-kanji': () =>
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f1e3e9"/>
     <rect y="${HEIGHT - 120}" width="${WIDTH}" height="120" fill="#000" opacity="0.05"/>
     <rect x="420" y="110" width="300" height="440" rx="40" fill="#ffffff" opacity="0.7"/>
     <rect x="440" y="190" width="260" height="340" rx="30" fill="#7b1f4b"/>
     <rect x="440" y="190" width="260" height="40" rx="20" fill="#9c3366"/>
     ${scatter(570, 380, 110, 22, 14, '#e07a2f', 3)}${scatter(570, 400, 100, 12, 11, '#f2d0dc', 6)}
     <rect x="480" y="80" width="180" height="50" rx="12" fill="#b48a5a"/>
     <circle cx="880" cy="470" r="70" fill="#e07a2f"/><circle cx="250" cy="470" r="80" fill="#7b1f4b"/>
     <circle cx="250" cy="470" r="55" fill="#a8456f"/>`,
  'lauki-chana-dal': () =>
    plate(
      '#e5ecd9',
      `<circle cx="550" cy="338" r="180" fill="#e3b23c"/>
       ${scatter(550, 338, 150, 40, 10, '#c98f1f', 5)}${scatter(550, 338, 140, 16, 16, '#b9d98a', 2)}${scatter(550, 338, 120, 10, 5, '#3d7a2a', 8)}`,
      `<circle cx="922" cy="460" r="86" fill="#f3e7c9"/>${scatter(922, 460, 60, 16, 8, '#d9b76a', 1)}`,
    ),
  // Posts: what each is about.
  ibs: () =>
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#e4eee9"/>
     <circle cx="980" cy="140" r="220" fill="#cfe2d8"/><circle cx="160" cy="560" r="180" fill="#d8e8df"/>
     <path d="M420 170 C 300 170, 300 330, 420 330 L 780 330 C 900 330, 900 490, 780 490 L 460 490"
           fill="none" stroke="#2f6f57" stroke-width="70" stroke-linecap="round" stroke-linejoin="round"/>
     <path d="M420 170 L 800 170" fill="none" stroke="#2f6f57" stroke-width="70" stroke-linecap="round"/>
     ${scatter(600, 330, 300, 40, 9, '#f2b134', 4)}${scatter(600, 330, 260, 20, 7, '#d1495b', 9)}`,
  'las-vegas': () =>
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#1f2a4d"/>
     ${scatter(600, 200, 560, 70, 3, '#f4f1de', 2)}
     <circle cx="930" cy="150" r="80" fill="#f4d35e"/><circle cx="965" cy="130" r="80" fill="#1f2a4d"/>
     <path d="M0 560 L 90 560 L 90 420 L 170 420 L 170 500 L 250 500 L 250 360 L 330 360 L 330 470 L 420 470 L 420 300
              L 500 300 L 500 450 L 600 450 L 600 390 L 690 390 L 690 520 L 780 520 L 780 340 L 860 340 L 860 480 L 960 480
              L 960 410 L 1050 410 L 1050 530 L 1200 530 L 1200 675 L 0 675 Z" fill="#101830"/>
     ${scatter(600, 520, 500, 40, 4, '#ee964b', 7)}
     <path d="M250 210 L 520 170 L 560 150 L 585 160 L 560 185 L 300 235 Z" fill="#e8e9f3"/>
     <path d="M430 182 L 380 110 L 410 108 L 480 176 Z M 420 210 L 380 262 L 408 262 L 470 205 Z" fill="#c9cbe0"/>`,
  'sleep-stress': () =>
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#dfe4f2"/>
     <circle cx="300" cy="250" r="150" fill="#4b5d9b"/><circle cx="360" cy="210" r="150" fill="#dfe4f2"/>
     ${scatter(300, 200, 260, 14, 6, '#4b5d9b', 5)}
     <path d="M520 420 C 600 330, 680 510, 760 420 C 840 330, 920 510, 1000 420" fill="none" stroke="#2f6f57" stroke-width="34" stroke-linecap="round"/>
     <path d="M520 520 C 600 430, 680 610, 760 520 C 840 430, 920 610, 1000 520" fill="none" stroke="#8fb9a8" stroke-width="24" stroke-linecap="round"/>
     <path d="M640 150 L 760 290 L 700 290 L 800 420" fill="none" stroke="#d1495b" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`,
};

/** The cover of the demo piece `slug` as the shop serves covers; undefined for a piece that has no illustration. */
export async function seedCover(slug: string): Promise<EncodedImage | undefined> {
  const draw = COVERS[slug];
  if (!draw) return undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${draw()}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  return { kind: 'webp', bytes: data, width: info.width, height: info.height };
}

/** The slugs of the demo pieces that have a cover. */
export const SEED_COVER_SLUGS = Object.keys(COVERS);
