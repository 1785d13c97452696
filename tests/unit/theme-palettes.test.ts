/**
 * Every colour the shop's code names is in its theme. The theme keeps only the palettes the shop uses
 * (src/theme/tokens.ts), so a palette named but left out renders without colour: no background, the default border.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const config = readFileSync(join(root, 'src/theme/tokens.ts'), 'utf8');
const themePalettes = new Set([...(/const PALETTES = \[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]));
/** Chakra's palettes, as its colour tokens name them. */
const CHAKRA_PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('the colours the shop names', () => {
  it('are all in its theme', () => {
    expect([...themePalettes].sort()).toEqual(['blue', 'gray', 'green', 'orange', 'red']);
    const missing = CHAKRA_PALETTES.filter((palette) => !themePalettes.has(palette));
    // A palette by name ('teal', "purple") or one of its shades (yellow.50).
    const named = new RegExp(`(['"\`])(${missing.join('|')})\\1|\\b(${missing.join('|')})\\.\\d{2,3}\\b`);
    const files = sources(join(root, 'src'));
    expect(files.length).toBeGreaterThan(300);
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (named.test(line) ? [`${file.slice(root.length + 1)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
