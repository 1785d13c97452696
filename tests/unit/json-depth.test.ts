import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../server/json-depth';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('how deep a JSON body nests', () => {
  it('allows the limit and refuses one level more', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
  });

  it('counts siblings once, not as depth', () => {
    expect(nestsDeeperThan(`[${Array.from({ length: 10_000 }, () => '[{}]').join(',')}]`)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ note: '['.repeat(1000) }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ note: `"\\${'{'.repeat(1000)}` }))).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"",${'"b":['.repeat(70)}${']'.repeat(70)}}`)).toBe(true);
  });
});
