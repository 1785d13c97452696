/**
 * GAD-7 and PSQI scoring, checked against the published scoring rules (Spitzer et al. 2006; Buysse et al. 1989) at
 * every band boundary, with hand-worked complete answer sets.
 */
import { describe, expect, it } from 'vitest';
import {
  GAD7_ASSESSMENT_THRESHOLD,
  GAD7_ITEMS,
  INSTRUMENTS,
  MAX_SCORE,
  PSQI_COMPONENTS,
  PSQI_DISTURBANCES,
  PSQI_MAX_LATENCY_MINUTES,
  PSQI_MAX_SLEEP_HOURS,
  PSQI_PARTNER_ITEMS,
  PSQI_POOR_SLEEPER_ABOVE,
  PSQI_SCORED_ITEMS,
  disturbanceScore,
  durationScore,
  efficiencyScore,
  gad7Band,
  headlineScore,
  hoursInBed,
  isInstrument,
  isRating,
  latencyScore,
  minutesOfDay,
  pairScore,
  parseAmount,
  scoreGad7,
  scorePsqi,
  scoreQuestionnaire,
  type Gad7Answers,
  type Gad7Item,
  type PsqiAnswers,
  type PsqiScoredItem,
  type Rating,
} from '../../machines/questionnaire-scoring';

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

/** Spreads `total` over `count` items, each 0–3, filling from the first item. */
function spread(total: number, count: number): Rating[] {
  const values: Rating[] = [];
  let left = total;
  for (let i = 0; i < count; i++) {
    const value = Math.min(3, left) as Rating;
    values.push(value);
    left -= value;
  }
  if (left !== 0) throw new Error(`cannot spread ${total} over ${count} items`);
  return values;
}

function gad7WithTotal(total: number): Gad7Answers {
  const values = spread(total, 7);
  return Object.fromEntries(GAD7_ITEMS.map((item, i) => [item, values[i]])) as Gad7Answers;
}

function gad7All(value: Rating): Gad7Answers {
  return Object.fromEntries(GAD7_ITEMS.map((item) => [item, value])) as Gad7Answers;
}

/**
 * A complete PSQI answer set that scores 0 on every component:
 * bed 22:00, 10 minutes, up 06:00 (8 h in bed), 7.5 h asleep (93.75%), every rated item 0.
 */
function psqiZero(overrides: PsqiAnswers = {}): PsqiAnswers {
  return {
    bedTime: '22:00',
    latency: 10,
    wakeTime: '06:00',
    sleepHours: 7.5,
    q5a: 0,
    q5b: 0,
    q5c: 0,
    q5d: 0,
    q5e: 0,
    q5f: 0,
    q5g: 0,
    q5h: 0,
    q5i: 0,
    q5j: 0,
    q6: 0,
    q7: 0,
    q8: 0,
    q9: 0,
    ...overrides,
  };
}

/** Sets q5b–q5j so that their sum is `total`. */
function disturbancesSumming(total: number): PsqiAnswers {
  const values = spread(total, 9);
  return Object.fromEntries(PSQI_DISTURBANCES.slice(1).map((item, i) => [item, values[i]])) as PsqiAnswers;
}

function without<T extends object>(answers: T, ...keys: (keyof T)[]): T {
  const copy = { ...answers };
  for (const key of keys) delete copy[key];
  return copy;
}

// ---------------------------------------------------------------------------------------------------------------
// Small predicates and constants
// ---------------------------------------------------------------------------------------------------------------

describe('isRating / isInstrument / constants', () => {
  it('accepts exactly the integers 0 to 3 as ratings', () => {
    for (const value of [0, 1, 2, 3]) expect(isRating(value)).toBe(true);
    for (const value of [4, -1, 1.5, '2', '0', null, undefined, NaN, true]) expect(isRating(value)).toBe(false);
  });

  it('knows the two instruments only', () => {
    expect(INSTRUMENTS).toEqual(['gad7', 'psqi']);
    expect(isInstrument('gad7')).toBe(true);
    expect(isInstrument('psqi')).toBe(true);
    expect(isInstrument('GAD7')).toBe(false);
    expect(isInstrument('phq9')).toBe(false);
    expect(isInstrument(undefined)).toBe(false);
    expect(isInstrument(7)).toBe(false);
  });

  it('has the published thresholds and maxima', () => {
    expect(GAD7_ASSESSMENT_THRESHOLD).toBe(10);
    expect(PSQI_POOR_SLEEPER_ABOVE).toBe(5);
    expect(MAX_SCORE).toBe(21);
    expect(PSQI_MAX_LATENCY_MINUTES).toBe(720);
    expect(PSQI_MAX_SLEEP_HOURS).toBe(24);
  });

  it('lists the scored PSQI items in the form’s order, without 5j and the bed-partner items', () => {
    expect(PSQI_SCORED_ITEMS).toEqual([
      'bedTime', 'latency', 'wakeTime', 'sleepHours',
      'q5a', 'q5b', 'q5c', 'q5d', 'q5e', 'q5f', 'q5g', 'q5h', 'q5i',
      'q6', 'q7', 'q8', 'q9',
    ]);
    expect(PSQI_COMPONENTS).toEqual(['quality', 'latency', 'duration', 'efficiency', 'disturbances', 'medication', 'daytime']);
    expect(PSQI_PARTNER_ITEMS).toEqual(['q10a', 'q10b', 'q10c', 'q10d', 'q10e']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// GAD-7
// ---------------------------------------------------------------------------------------------------------------

describe('GAD-7', () => {
  const BOUNDARIES = [
    [0, 'minimal'],
    [4, 'minimal'],
    [5, 'mild'],
    [9, 'mild'],
    [10, 'moderate'],
    [14, 'moderate'],
    [15, 'severe'],
    [21, 'severe'],
  ] as const;

  it.each(BOUNDARIES)('gad7Band(%i) is %s', (total, band) => {
    expect(gad7Band(total)).toBe(band);
  });

  it.each(BOUNDARIES)('a complete form totalling %i scores %s', (total, band) => {
    const result = scoreGad7(gad7WithTotal(total));
    expect(result).toEqual({ instrument: 'gad7', total, band, missing: [] });
  });

  it('bands every total 0–21 as published', () => {
    const expected = (t: number) => (t <= 4 ? 'minimal' : t <= 9 ? 'mild' : t <= 14 ? 'moderate' : 'severe');
    for (let total = 0; total <= 21; total++) {
      const result = scoreGad7(gad7WithTotal(total));
      expect(result.total).toBe(total);
      expect(result.band).toBe(expected(total));
    }
  });

  it('sums the items themselves, whatever their order', () => {
    expect(scoreGad7({ q1: 3, q2: 0, q3: 1, q4: 2, q5: 0, q6: 3, q7: 1 }).total).toBe(10);
    expect(scoreGad7({ q1: 0, q2: 1, q3: 0, q4: 1, q5: 0, q6: 1, q7: 1 }).total).toBe(4);
  });

  it('Spitzer et al. example: every item "More than half the days" (2) → 14, moderate', () => {
    const result = scoreGad7(gad7All(2));
    expect(result.total).toBe(14);
    expect(result.band).toBe('moderate');
    expect(result.total! >= GAD7_ASSESSMENT_THRESHOLD).toBe(true);
  });

  it('every item "Nearly every day" (3) → 21, severe; every item "Several days" (1) → 7, mild', () => {
    expect(scoreGad7(gad7All(3))).toMatchObject({ total: 21, band: 'severe' });
    expect(scoreGad7(gad7All(1))).toMatchObject({ total: 7, band: 'mild' });
    expect(scoreGad7(gad7All(0))).toMatchObject({ total: 0, band: 'minimal' });
  });

  it('never counts the difficulty question', () => {
    for (const total of [0, 9, 10, 21]) {
      const base = scoreGad7(gad7WithTotal(total));
      for (const difficulty of [0, 1, 2, 3] as const) {
        expect(scoreGad7({ ...gad7WithTotal(total), difficulty })).toEqual(base);
      }
    }
  });

  it('the difficulty question alone does not complete a form', () => {
    const result = scoreGad7({ difficulty: 3 });
    expect(result).toEqual({ instrument: 'gad7', total: null, band: null, missing: [...GAD7_ITEMS] });
  });

  it('an empty form lists all seven items as missing', () => {
    expect(scoreGad7({})).toEqual({ instrument: 'gad7', total: null, band: null, missing: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] });
  });

  it('lists exactly the missing items, in order, and gives no total or band', () => {
    const answers = without(gad7All(3), 'q7', 'q2', 'q5');
    expect(scoreGad7(answers)).toEqual({ instrument: 'gad7', total: null, band: null, missing: ['q2', 'q5', 'q7'] });
  });

  it('one missing item is enough to withhold the total', () => {
    for (const item of GAD7_ITEMS) {
      const result = scoreGad7(without(gad7All(1), item));
      expect(result.total).toBeNull();
      expect(result.band).toBeNull();
      expect(result.missing).toEqual([item]);
    }
  });

  it.each([4, -1, 1.5, '2', null, NaN, '', true])('counts %j as missing, not as a score', (bad) => {
    const answers = { ...gad7All(2), q4: bad } as unknown as Gad7Answers;
    expect(scoreGad7(answers)).toEqual({ instrument: 'gad7', total: null, band: null, missing: ['q4' satisfies Gad7Item] });
  });

  it('the assessment threshold is 10, the first moderate total', () => {
    expect(GAD7_ASSESSMENT_THRESHOLD).toBe(10);
    expect(gad7Band(GAD7_ASSESSMENT_THRESHOLD)).toBe('moderate');
    expect(gad7Band(GAD7_ASSESSMENT_THRESHOLD - 1)).toBe('mild');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Amounts and clock times
// ---------------------------------------------------------------------------------------------------------------

describe('parseAmount', () => {
  it.each([
    ['20', 20],
    [20, 20],
    [0, 0],
    ['0', 0],
    ['6.5', 6.5],
    ['6,5', 6.5],
    [6.5, 6.5],
    [' 45 ', 45],
    ['15-30', 22.5],
    ['15 - 30', 22.5],
    ['15 – 30', 22.5],
    ['15–30', 22.5],
    ['15—30', 22.5],
    ['15 to 30', 22.5],
    ['15 TO 30', 22.5],
    ['6-7', 6.5],
    ['5,5-6,5', 6],
    ['30-30', 30],
    ['720', 720],
  ] as const)('reads %j as %d', (typed, value) => {
    expect(parseAmount(typed)).toBe(value);
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['20 minutes'],
    ['about 20'],
    ['-5'],
    [-5],
    [-0.5],
    ['30-15'],
    ['15-'],
    ['-30'],
    ['1.2.3'],
    ['12345'],
    [NaN],
    [Infinity],
    [-Infinity],
    [undefined],
    [null],
  ] as const)('refuses %j', (typed) => {
    expect(parseAmount(typed)).toBeUndefined();
  });
});

describe('minutesOfDay / hoursInBed', () => {
  it('reads a 24-hour "HH:MM" clock', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('06:30')).toBe(390);
    expect(minutesOfDay('22:30')).toBe(1350);
    expect(minutesOfDay('23:59')).toBe(1439);
  });

  it.each(['7:30', '24:00', '12:60', '', '0730', '07.30', '07:30 ', 'ab:cd', undefined, null])('refuses %j', (typed) => {
    expect(minutesOfDay(typed)).toBeUndefined();
  });

  it.each([
    ['22:30', '06:30', 8],
    ['23:00', '06:00', 7],
    ['01:00', '09:00', 8],
    ['09:00', '17:00', 8],
    ['00:00', '08:00', 8],
    ['23:30', '06:00', 6.5],
    ['23:59', '00:00', 1 / 60],
    ['00:00', '23:59', 1439 / 60],
    ['22:00', '22:00', 0],
  ] as const)('bed %s, up %s → %d h in bed', (bed, up, hours) => {
    expect(hoursInBed(bed, up)).toBeCloseTo(hours, 12);
  });

  it('gives no hours in bed without both times', () => {
    expect(hoursInBed(undefined, '06:00')).toBeUndefined();
    expect(hoursInBed('22:00', undefined)).toBeUndefined();
    expect(hoursInBed('22:00', '6:00')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// PSQI components
// ---------------------------------------------------------------------------------------------------------------

describe('PSQI baseline', () => {
  it('the all-zero answer set scores 0 on every component', () => {
    const result = scorePsqi(psqiZero());
    expect(result).toEqual({
      instrument: 'psqi',
      components: { quality: 0, latency: 0, duration: 0, efficiency: 0, disturbances: 0, medication: 0, daytime: 0 },
      global: 0,
      poorSleeper: false,
      hoursInBed: 8,
      efficiency: 93.75,
      sleepExceedsBed: false,
      missing: [],
      problems: {},
    });
  });
});

describe('PSQI C1 subjective sleep quality = item 6', () => {
  it.each([0, 1, 2, 3] as const)('q6 = %i → C1 %i', (q6) => {
    const result = scorePsqi(psqiZero({ q6 }));
    expect(result.components.quality).toBe(q6);
    expect(result.global).toBe(q6);
  });

  it('missing q6 → C1 null', () => {
    const result = scorePsqi(without(psqiZero(), 'q6'));
    expect(result.components.quality).toBeNull();
    expect(result.missing).toEqual(['q6']);
    expect(result.global).toBeNull();
  });
});

describe('PSQI C2 sleep latency', () => {
  it.each([
    [0, 0],
    [15, 0],
    [15.5, 1],
    [16, 1],
    [30, 1],
    [30.5, 2],
    [31, 2],
    [60, 2],
    [60.5, 3],
    [61, 3],
    [720, 3],
  ] as const)('item 2 of %d minutes scores %i', (minutes, score) => {
    expect(latencyScore(minutes)).toBe(score);
  });

  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
  ] as const)('pairScore(%i) = %i', (sum, score) => {
    expect(pairScore(sum)).toBe(score);
  });

  // [minutes, q5a, expected C2] with the item-2 score s and the sum s + q5a worked out in the name.
  it.each([
    [0, 0, 0], // s 0, sum 0
    [15, 0, 0], // s 0, sum 0
    [15, 1, 1], // s 0, sum 1
    [15, 2, 1], // s 0, sum 2
    [15, 3, 2], // s 0, sum 3
    [15.5, 0, 1], // s 1, sum 1
    [16, 0, 1], // s 1, sum 1
    [16, 1, 1], // s 1, sum 2
    [30, 1, 1], // s 1, sum 2
    [30, 2, 2], // s 1, sum 3
    [31, 0, 1], // s 2, sum 2
    [31, 1, 2], // s 2, sum 3
    [60, 2, 2], // s 2, sum 4
    [60, 3, 3], // s 2, sum 5
    [61, 0, 2], // s 3, sum 3
    [61, 1, 2], // s 3, sum 4
    [61, 2, 3], // s 3, sum 5
    [61, 3, 3], // s 3, sum 6
  ] as const)('latency %d min with q5a %i → C2 %i', (latency, q5a, c2) => {
    expect(scorePsqi(psqiZero({ latency, q5a })).components.latency).toBe(c2);
  });

  it('q5a is needed: without it C2 is null and q5a is listed missing', () => {
    const result = scorePsqi(without(psqiZero({ latency: 45 }), 'q5a'));
    expect(result.components.latency).toBeNull();
    expect(result.missing).toEqual(['q5a']);
    expect(result.global).toBeNull();
  });

  it('reads latency given as a range or a decimal', () => {
    expect(scorePsqi(psqiZero({ latency: '15-30', q5a: 0 })).components.latency).toBe(1); // 22.5 → 1
    expect(scorePsqi(psqiZero({ latency: '15 – 30', q5a: 0 })).components.latency).toBe(1);
    expect(scorePsqi(psqiZero({ latency: '15 to 30', q5a: 2 })).components.latency).toBe(2); // 1 + 2 = 3 → 2
    expect(scorePsqi(psqiZero({ latency: '10-20', q5a: 0 })).components.latency).toBe(0); // 15 → 0
    expect(scorePsqi(psqiZero({ latency: '15.5', q5a: 0 })).components.latency).toBe(1); // 15.5 → 1
    expect(scorePsqi(psqiZero({ latency: '15,5', q5a: 0 })).components.latency).toBe(1);
    expect(scorePsqi(psqiZero({ latency: '45-90', q5a: 3 })).components.latency).toBe(3); // 67.5 → 3, 3 + 3 = 6 → 3
    expect(scorePsqi(psqiZero({ latency: '20', q5a: 0 })).components.latency).toBe(1);
  });

  it.each(['abc', '-5', -5, '30-15', 'twenty', NaN, Infinity])('unreadable latency %j → latency-unreadable, C2 null', (latency) => {
    const result = scorePsqi(psqiZero({ latency: latency as string | number }));
    expect(result.problems).toEqual({ latency: 'latency-unreadable' });
    expect(result.components.latency).toBeNull();
    expect(result.missing).toEqual(['latency']);
    expect(result.global).toBeNull();
    expect(result.poorSleeper).toBeNull();
  });

  it('accepts up to 720 minutes and refuses more', () => {
    const at = scorePsqi(psqiZero({ latency: 720 }));
    expect(at.problems).toEqual({});
    expect(at.components.latency).toBe(2); // s 3 + q5a 0 = 3 → 2
    for (const latency of [721, '721', 720.5, '1000', '700-800']) {
      const result = scorePsqi(psqiZero({ latency }));
      expect(result.problems.latency).toBe('latency-unreadable');
      expect(result.components.latency).toBeNull();
      expect(result.missing).toEqual(['latency']);
    }
  });

  it('an empty latency is missing, not a problem', () => {
    for (const latency of ['', undefined]) {
      const result = scorePsqi(psqiZero({ latency }));
      expect(result.problems).toEqual({});
      expect(result.missing).toEqual(['latency']);
      expect(result.components.latency).toBeNull();
    }
  });
});

describe('PSQI C3 sleep duration', () => {
  it.each([
    [24, 0],
    [8, 0],
    [7.5, 0],
    [7.01, 0],
    [7, 1],
    [6.5, 1],
    [6, 1],
    [5.99, 2],
    [5.5, 2],
    [5, 2],
    [4.99, 3],
    [3, 3],
    [0, 3],
  ] as const)('durationScore(%d h) = %i', (hours, score) => {
    expect(durationScore(hours)).toBe(score);
  });

  it.each([
    [8, 0],
    [7.01, 0],
    [7, 1],
    ['7', 1],
    [6, 1],
    ['6-7', 1], // 6.5
    ['6,5', 1],
    ['6.5 to 7.5', 1], // midpoint exactly 7 → 1
    ['7-8', 0], // 7.5
    [5.99, 2],
    [5, 2],
    ['5-6', 2], // 5.5
    [4.99, 3],
    ['4-5', 3], // 4.5
  ] as const)('%j hours asleep → C3 %i', (sleepHours, c3) => {
    expect(scorePsqi(psqiZero({ sleepHours })).components.duration).toBe(c3);
  });

  it('refuses more than 24 hours of sleep with hours-unreadable', () => {
    expect(scorePsqi(psqiZero({ sleepHours: 24 })).problems).toEqual({});
    for (const sleepHours of [24.5, '25', 30, 'lots', '-1', -1, '8-6']) {
      const result = scorePsqi(psqiZero({ sleepHours }));
      expect(result.problems).toEqual({ sleepHours: 'hours-unreadable' });
      expect(result.components.duration).toBeNull();
      expect(result.components.efficiency).toBeNull();
      expect(result.efficiency).toBeNull();
      expect(result.missing).toEqual(['sleepHours']);
      expect(result.global).toBeNull();
    }
  });
});

describe('PSQI C4 habitual sleep efficiency', () => {
  it.each([
    [100, 0],
    [90, 0],
    [85, 0],
    [84.999, 1],
    [80, 1],
    [75, 1],
    [74.999, 2],
    [70, 2],
    [65, 2],
    [64.999, 3],
    [50, 3],
    [0, 3],
  ] as const)('efficiencyScore(%d%%) = %i', (percent, score) => {
    expect(efficiencyScore(percent)).toBe(score);
  });

  // 10 h in bed (22:00 → 08:00): hours asleep × 10 is the efficiency.
  it.each([
    [10, 100, 0],
    [9, 90, 0],
    [8.5, 85, 0],
    [8.499, 84.99, 1],
    [8, 80, 1],
    [7.5, 75, 1],
    [7.499, 74.99, 2],
    [7, 70, 2],
    [6.5, 65, 2],
    [6.499, 64.99, 3],
    [5, 50, 3],
    [0, 0, 3],
  ] as const)('%d h asleep of 10 h in bed → %d%% → C4 %i', (sleepHours, percent, c4) => {
    const result = scorePsqi(psqiZero({ bedTime: '22:00', wakeTime: '08:00', sleepHours }));
    expect(result.hoursInBed).toBe(10);
    expect(result.efficiency).toBeCloseTo(percent, 10);
    expect(result.components.efficiency).toBe(c4);
    expect(result.sleepExceedsBed).toBe(false);
  });

  it('does not round the efficiency: 84.99…% is still below 85', () => {
    const result = scorePsqi(psqiZero({ bedTime: '22:00', wakeTime: '08:00', sleepHours: 8.4999 }));
    expect(result.efficiency).toBeLessThan(85);
    expect(result.efficiency).toBeGreaterThan(84.99);
    expect(result.components.efficiency).toBe(1);
  });

  it('exactly 85% in other set-ups scores 0 (6.8 of 8 h, 5.95 of 7 h)', () => {
    const eight = scorePsqi(psqiZero({ bedTime: '23:00', wakeTime: '07:00', sleepHours: 6.8 }));
    expect(eight.efficiency).toBe(85);
    expect(eight.components.efficiency).toBe(0);
    const seven = scorePsqi(psqiZero({ bedTime: '23:00', wakeTime: '06:00', sleepHours: 5.95 }));
    expect(seven.efficiency).toBe(85);
    expect(seven.components.efficiency).toBe(0);
  });

  it('exactly 75% of 8 h (6 h) scores 1', () => {
    const result = scorePsqi(psqiZero({ bedTime: '23:00', wakeTime: '07:00', sleepHours: 6 }));
    expect(result.efficiency).toBe(75);
    expect(result.components.efficiency).toBe(1);
  });

  // Known floating-point boundary defects: mathematically exact band edges that compute as x.99999999999999.
  it('float rounding: exactly 65% efficiency — 5.85 h asleep of 9 h in bed (22:00 → 07:00) — should score C4 2', () => {
    const result = scorePsqi(psqiZero({ bedTime: '22:00', wakeTime: '07:00', sleepHours: 5.85 }));
    expect(result.hoursInBed).toBe(9);
    expect(result.efficiency).toBeCloseTo(65, 10);
    expect(result.components.efficiency).toBe(2);
  });

  it('float rounding: exactly 75% efficiency — 6.6 h asleep of 8.8 h in bed (22:00 → 06:48) — should score C4 1', () => {
    const result = scorePsqi(psqiZero({ bedTime: '22:00', wakeTime: '06:48', sleepHours: 6.6 }));
    expect(result.hoursInBed).toBeCloseTo(8.8, 12);
    expect(result.efficiency).toBeCloseTo(75, 10);
    expect(result.components.efficiency).toBe(1);
  });

  it.each([
    ['22:30', '06:30', 8], // across midnight
    ['01:00', '09:00', 8], // bed time after midnight, earlier on the clock than getting up
    ['09:00', '17:00', 8], // a day sleeper
    ['23:00', '06:00', 7],
  ] as const)('bed %s, up %s → %d h in bed', (bedTime, wakeTime, hours) => {
    const result = scorePsqi(psqiZero({ bedTime, wakeTime, sleepHours: 6 }));
    expect(result.hoursInBed).toBe(hours);
    expect(result.efficiency).toBeCloseTo((6 / hours) * 100, 8);
    expect(result.problems).toEqual({});
  });

  it('identical bed and getting-up times mean no time in bed: no efficiency, no global score', () => {
    const result = scorePsqi(psqiZero({ bedTime: '23:00', wakeTime: '23:00' }));
    expect(result.hoursInBed).toBe(0);
    expect(result.efficiency).toBeNull();
    expect(result.components.efficiency).toBeNull();
    expect(result.sleepExceedsBed).toBe(false);
    expect(result.problems).toEqual({ wakeTime: 'no-time-in-bed' });
    expect(result.missing).toEqual(['wakeTime']);
    expect(result.global).toBeNull();
    expect(result.poorSleeper).toBeNull();
    // the other six components are still scored
    expect(result.components).toEqual({ quality: 0, latency: 0, duration: 0, efficiency: null, disturbances: 0, medication: 0, daytime: 0 });
  });

  it('more hours asleep than in bed: efficiency capped at 100, flagged, C4 0', () => {
    const result = scorePsqi(psqiZero({ bedTime: '22:00', wakeTime: '06:00', sleepHours: 9 }));
    expect(result.hoursInBed).toBe(8);
    expect(result.efficiency).toBe(100);
    expect(result.sleepExceedsBed).toBe(true);
    expect(result.components.efficiency).toBe(0);
    expect(result.components.duration).toBe(0);
    expect(result.global).toBe(0);
  });

  it('as many hours asleep as in bed is 100% and not flagged', () => {
    const result = scorePsqi(psqiZero({ bedTime: '22:00', wakeTime: '06:00', sleepHours: 8 }));
    expect(result.efficiency).toBe(100);
    expect(result.sleepExceedsBed).toBe(false);
    expect(result.components.efficiency).toBe(0);
  });

  it.each(['7:30', '24:00', '12:60', '7.30am', '0730'])('malformed bed time %j → time-unreadable, C4 null', (bedTime) => {
    const result = scorePsqi(psqiZero({ bedTime }));
    expect(result.problems).toEqual({ bedTime: 'time-unreadable' });
    expect(result.hoursInBed).toBeNull();
    expect(result.efficiency).toBeNull();
    expect(result.components.efficiency).toBeNull();
    expect(result.missing).toEqual(['bedTime']);
    expect(result.global).toBeNull();
  });

  it.each(['7:30', '24:00', '12:60'])('malformed getting-up time %j → time-unreadable, C4 null', (wakeTime) => {
    const result = scorePsqi(psqiZero({ wakeTime }));
    expect(result.problems).toEqual({ wakeTime: 'time-unreadable' });
    expect(result.hoursInBed).toBeNull();
    expect(result.components.efficiency).toBeNull();
    expect(result.missing).toEqual(['wakeTime']);
    expect(result.global).toBeNull();
  });

  it('without hours asleep there is no efficiency (and C3, C4 are null)', () => {
    const result = scorePsqi(without(psqiZero(), 'sleepHours'));
    expect(result.hoursInBed).toBe(8);
    expect(result.efficiency).toBeNull();
    expect(result.sleepExceedsBed).toBe(false);
    expect(result.components.duration).toBeNull();
    expect(result.components.efficiency).toBeNull();
    expect(result.missing).toEqual(['sleepHours']);
  });
});

describe('PSQI C5 sleep disturbances', () => {
  it.each([
    [0, 0],
    [1, 1],
    [9, 1],
    [10, 2],
    [18, 2],
    [19, 3],
    [27, 3],
  ] as const)('disturbanceScore(%i) = %i', (sum, score) => {
    expect(disturbanceScore(sum)).toBe(score);
  });

  it.each([
    [0, 0],
    [1, 1],
    [5, 1],
    [9, 1],
    [10, 2],
    [14, 2],
    [18, 2],
    [19, 3],
    [24, 3],
    [27, 3],
  ] as const)('q5b–q5j summing to %i → C5 %i', (sum, c5) => {
    expect(scorePsqi(psqiZero(disturbancesSumming(sum))).components.disturbances).toBe(c5);
  });

  it('counts an unanswered 5j as 0', () => {
    // q5b..q5i = 3,3,3,0,0,0,0,0 → 9 (C5 1); q5j absent
    const nine = without(psqiZero({ q5b: 3, q5c: 3, q5d: 3 }), 'q5j');
    const result = scorePsqi(nine);
    expect(result.components.disturbances).toBe(1);
    expect(result.missing).toEqual([]);
    expect(result.global).toBe(1);
    // 5j = 1 tips it over to 10 → C5 2
    expect(scorePsqi({ ...nine, q5j: 1 }).components.disturbances).toBe(2);
    // the same with 5b..5i at 18 and 5j absent / 1
    const eighteen = without(psqiZero({ q5b: 3, q5c: 3, q5d: 3, q5e: 3, q5f: 3, q5g: 3 }), 'q5j');
    expect(scorePsqi(eighteen).components.disturbances).toBe(2);
    expect(scorePsqi({ ...eighteen, q5j: 1 }).components.disturbances).toBe(3);
  });

  it('all of 5b–5i zero and 5j absent → 0', () => {
    expect(scorePsqi(without(psqiZero(), 'q5j')).components.disturbances).toBe(0);
  });

  it('does not include q5a', () => {
    for (const q5a of [0, 1, 2, 3] as const) {
      expect(scorePsqi(psqiZero({ q5a })).components.disturbances).toBe(0);
      expect(scorePsqi(psqiZero({ ...disturbancesSumming(9), q5a })).components.disturbances).toBe(1);
      expect(scorePsqi(psqiZero({ ...disturbancesSumming(18), q5a })).components.disturbances).toBe(2);
    }
  });

  it('a missing item among 5b–5i → C5 null and the item listed', () => {
    const result = scorePsqi(without(psqiZero({ q5b: 3, q5c: 3 }), 'q5e'));
    expect(result.components.disturbances).toBeNull();
    expect(result.missing).toEqual(['q5e']);
    expect(result.global).toBeNull();
  });
});

describe('PSQI C6 medication = item 7', () => {
  it.each([0, 1, 2, 3] as const)('q7 = %i → C6 %i', (q7) => {
    const result = scorePsqi(psqiZero({ q7 }));
    expect(result.components.medication).toBe(q7);
    expect(result.global).toBe(q7);
  });

  it('missing q7 → C6 null', () => {
    const result = scorePsqi(without(psqiZero(), 'q7'));
    expect(result.components.medication).toBeNull();
    expect(result.missing).toEqual(['q7']);
  });
});

describe('PSQI C7 daytime dysfunction = q8 + q9', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 1],
    [0, 1, 1],
    [1, 1, 1],
    [0, 2, 1],
    [2, 1, 2],
    [0, 3, 2],
    [2, 2, 2],
    [1, 3, 2],
    [3, 2, 3],
    [2, 3, 3],
    [3, 3, 3],
  ] as const)('q8 %i + q9 %i → C7 %i', (q8, q9, c7) => {
    expect(scorePsqi(psqiZero({ q8, q9 })).components.daytime).toBe(c7);
  });

  it('either item missing → C7 null', () => {
    expect(scorePsqi(without(psqiZero(), 'q8')).components.daytime).toBeNull();
    expect(scorePsqi(without(psqiZero(), 'q9')).components.daytime).toBeNull();
    expect(scorePsqi(without(psqiZero(), 'q8', 'q9')).missing).toEqual(['q8', 'q9']);
  });
});

describe('PSQI global score', () => {
  it('is the sum of the seven components', () => {
    // C1 q6 = 2, C2 latency 45 (2) + q5a 1 = 3 → 2, C3 8 h → 0, C4 8/8 → 0,
    // C5 sum 4 → 1, C6 q7 = 3, C7 1 + 0 = 1 → 1; global 2 + 2 + 0 + 0 + 1 + 3 + 1 = 9
    const result = scorePsqi(
      psqiZero({ q6: 2, latency: 45, q5a: 1, sleepHours: 8, ...disturbancesSumming(4), q7: 3, q8: 1, q9: 0 }),
    );
    expect(result.components).toEqual({ quality: 2, latency: 2, duration: 0, efficiency: 0, disturbances: 1, medication: 3, daytime: 1 });
    expect(result.global).toBe(9);
    expect(result.poorSleeper).toBe(true);
  });

  it('5 is not a poor sleeper, 6 is', () => {
    // quality 3 + medication 2 = 5
    const five = scorePsqi(psqiZero({ q6: 3, q7: 2 }));
    expect(five.global).toBe(5);
    expect(five.poorSleeper).toBe(false);
    // quality 3 + medication 3 = 6
    const six = scorePsqi(psqiZero({ q6: 3, q7: 3 }));
    expect(six.global).toBe(6);
    expect(six.poorSleeper).toBe(true);
    // 5 reached across several components: C1 1, C3 1 (7 h), C5 1, C6 1, C7 1
    const spreadFive = scorePsqi(psqiZero({ q6: 1, sleepHours: 7, q5b: 1, q7: 1, q8: 1 }));
    expect(spreadFive.components).toEqual({ quality: 1, latency: 0, duration: 1, efficiency: 0, disturbances: 1, medication: 1, daytime: 1 });
    expect(spreadFive.global).toBe(5);
    expect(spreadFive.poorSleeper).toBe(false);
    // plus q5a 1 → C2 1 → 6
    const spreadSix = scorePsqi(psqiZero({ q6: 1, sleepHours: 7, q5b: 1, q7: 1, q8: 1, q5a: 1 }));
    expect(spreadSix.global).toBe(6);
    expect(spreadSix.poorSleeper).toBe(true);
  });

  it('ranges from 0 to 21', () => {
    expect(scorePsqi(psqiZero()).global).toBe(0);
    const worst = scorePsqi({
      bedTime: '02:00',
      latency: 120,
      wakeTime: '06:00',
      sleepHours: 2,
      ...disturbancesSumming(27),
      q5a: 3,
      q6: 3,
      q7: 3,
      q8: 3,
      q9: 3,
    });
    expect(worst.components).toEqual({ quality: 3, latency: 3, duration: 3, efficiency: 3, disturbances: 3, medication: 3, daytime: 3 });
    expect(worst.global).toBe(21);
    expect(worst.global).toBe(MAX_SCORE);
    expect(worst.poorSleeper).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Missing answers
// ---------------------------------------------------------------------------------------------------------------

describe('PSQI missing answers', () => {
  it('an empty form: every scored item missing, no components, no global', () => {
    const result = scorePsqi({});
    expect(result).toEqual({
      instrument: 'psqi',
      components: { quality: null, latency: null, duration: null, efficiency: null, disturbances: null, medication: null, daytime: null },
      global: null,
      poorSleeper: null,
      hoursInBed: null,
      efficiency: null,
      sleepExceedsBed: false,
      missing: [...PSQI_SCORED_ITEMS],
      problems: {},
    });
  });

  it('each scored item, left out alone, is the only one listed and withholds the global score', () => {
    for (const item of PSQI_SCORED_ITEMS) {
      const result = scorePsqi(without(psqiZero(), item as keyof PsqiAnswers));
      expect(result.missing, item).toEqual([item]);
      expect(result.global, item).toBeNull();
      expect(result.poorSleeper, item).toBeNull();
    }
  });

  it('lists several missing items in the form’s order, whatever order they were left out in', () => {
    const result = scorePsqi(without(psqiZero(), 'q9', 'q5c', 'bedTime', 'q6', 'latency'));
    expect(result.missing).toEqual(['bedTime', 'latency', 'q5c', 'q6', 'q9'] satisfies PsqiScoredItem[]);
    expect(result.global).toBeNull();
    // components that don't need the missing items are still scored
    expect(result.components).toEqual({ quality: null, latency: null, duration: 0, efficiency: null, disturbances: null, medication: 0, daytime: null });
  });

  it('lists unanswered and unreadable items together, in order', () => {
    const result = scorePsqi(without(psqiZero({ latency: 'soon', wakeTime: '7:00', sleepHours: 99 }), 'q8', 'q5a'));
    expect(result.missing).toEqual(['latency', 'wakeTime', 'sleepHours', 'q5a', 'q8']);
    expect(result.problems).toEqual({ latency: 'latency-unreadable', wakeTime: 'time-unreadable', sleepHours: 'hours-unreadable' });
  });

  it.each([4, -1, 1.5, '2', null])('a rated item holding %j counts as missing', (bad) => {
    const result = scorePsqi({ ...psqiZero(), q6: bad } as unknown as PsqiAnswers);
    expect(result.missing).toEqual(['q6']);
    expect(result.components.quality).toBeNull();
    expect(result.global).toBeNull();
  });

  it('empty strings for the typed items are missing, not problems', () => {
    const result = scorePsqi(psqiZero({ bedTime: '', latency: '', wakeTime: '', sleepHours: '' }));
    expect(result.missing).toEqual(['bedTime', 'latency', 'wakeTime', 'sleepHours']);
    expect(result.problems).toEqual({});
  });

  it('bed-partner items (q10, q10a–q10e) and the free-text answers never change anything', () => {
    const complete = psqiZero({ q6: 1, latency: 40, q5a: 2, sleepHours: 6 });
    const partial = without(complete, 'q7', 'wakeTime');
    for (const answers of [complete, partial, {} as PsqiAnswers]) {
      const base = scorePsqi(answers);
      for (const value of [0, 3] as const) {
        const withPartner: PsqiAnswers = {
          ...answers,
          q10: value,
          q10a: value,
          q10b: value,
          q10c: value,
          q10d: value,
          q10e: value,
          q10eText: 'kicks',
          q5jText: 'the neighbour’s dog',
        };
        expect(scorePsqi(withPartner)).toEqual(base);
      }
      // nonsense in the partner items is ignored too
      expect(scorePsqi({ ...answers, q10: 9, q10a: 'x' } as unknown as PsqiAnswers)).toEqual(base);
    }
    expect(scorePsqi(partial).missing).toEqual(['wakeTime', 'q7']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Worked examples (components computed by hand from Buysse et al. 1989)
// ---------------------------------------------------------------------------------------------------------------

describe('PSQI worked examples', () => {
  it('a good sleeper', () => {
    // bed 22:30, 10 min, up 06:30, 7.5 h asleep; q5a 0; q5b 1, q5c 1 (woke at night, bathroom), rest 0;
    // quality "Fairly good" (1); no medication; q8 0, q9 1.
    // C1 = q6                        = 1
    // C2: 10 min → 0; 0 + q5a 0 = 0  = 0
    // C3: 7.5 h > 7                  = 0
    // C4: 8 h in bed, 7.5/8 = 93.75% = 0
    // C5: 1 + 1 = 2 → 1–9            = 1
    // C6 = q7                        = 0
    // C7: 0 + 1 = 1 → 1–2            = 1
    // global = 1 + 0 + 0 + 0 + 1 + 0 + 1 = 3 → good sleeper
    const result = scorePsqi({
      bedTime: '22:30',
      latency: '10',
      wakeTime: '06:30',
      sleepHours: '7.5',
      q5a: 0,
      q5b: 1,
      q5c: 1,
      q5d: 0,
      q5e: 0,
      q5f: 0,
      q5g: 0,
      q5h: 0,
      q5i: 0,
      q5j: 0,
      q6: 1,
      q7: 0,
      q8: 0,
      q9: 1,
    });
    expect(result.hoursInBed).toBe(8);
    expect(result.efficiency).toBe(93.75);
    expect(result.components).toEqual({ quality: 1, latency: 0, duration: 0, efficiency: 0, disturbances: 1, medication: 0, daytime: 1 });
    expect(result.global).toBe(3);
    expect(result.poorSleeper).toBe(false);
    expect(result.missing).toEqual([]);
  });

  it('a poor sleeper', () => {
    // bed 23:30, 45 min, up 06:00, 5 h asleep; q5a 2;
    // q5b 2, q5c 1, q5d 1, q5e 0, q5f 1, q5g 1, q5h 1, q5i 2, q5j unanswered;
    // quality "Fairly bad" (2); medication less than once a week (1); q8 1, q9 2.
    // C1 = q6                                      = 2
    // C2: 45 min → 2; 2 + q5a 2 = 4 → 3–4          = 2
    // C3: 5 h → 5 to under 6                       = 2
    // C4: 6.5 h in bed, 5/6.5 = 76.92% → 75–85     = 1
    // C5: 2+1+1+0+1+1+1+2+0 = 9 → 1–9              = 1
    // C6 = q7                                      = 1
    // C7: 1 + 2 = 3 → 3–4                          = 2
    // global = 2 + 2 + 2 + 1 + 1 + 1 + 2 = 11 → poor sleeper
    const result = scorePsqi({
      bedTime: '23:30',
      latency: 45,
      wakeTime: '06:00',
      sleepHours: 5,
      q5a: 2,
      q5b: 2,
      q5c: 1,
      q5d: 1,
      q5e: 0,
      q5f: 1,
      q5g: 1,
      q5h: 1,
      q5i: 2,
      q6: 2,
      q7: 1,
      q8: 1,
      q9: 2,
    });
    expect(result.hoursInBed).toBe(6.5);
    expect(result.efficiency).toBeCloseTo(76.923, 3);
    expect(result.components).toEqual({ quality: 2, latency: 2, duration: 2, efficiency: 1, disturbances: 1, medication: 1, daytime: 2 });
    expect(result.global).toBe(11);
    expect(result.poorSleeper).toBe(true);
    expect(result.missing).toEqual([]);
  });

  it('a very poor sleeper with ranges typed in (global 21)', () => {
    // bed 01:00, "60-90" min (75), up 07:00, "3-4" h (3.5); q5a 3; q5b–q5j all 3;
    // quality "Very bad" (3); medication 3 or more times a week (3); q8 3, q9 3.
    // C1 = 3
    // C2: 75 min → 3; 3 + 3 = 6 → 3
    // C3: 3.5 h → under 5 → 3
    // C4: 6 h in bed, 3.5/6 = 58.33% → 3
    // C5: 9 × 3 = 27 → 3
    // C6 = 3
    // C7: 3 + 3 = 6 → 3
    // global 21
    const result = scorePsqi({
      bedTime: '01:00',
      latency: '60-90',
      wakeTime: '07:00',
      sleepHours: '3-4',
      q5a: 3,
      q5b: 3,
      q5c: 3,
      q5d: 3,
      q5e: 3,
      q5f: 3,
      q5g: 3,
      q5h: 3,
      q5i: 3,
      q5j: 3,
      q6: 3,
      q7: 3,
      q8: 3,
      q9: 3,
    });
    expect(result.hoursInBed).toBe(6);
    expect(result.efficiency).toBeCloseTo(58.333, 3);
    expect(result.components).toEqual({ quality: 3, latency: 3, duration: 3, efficiency: 3, disturbances: 3, medication: 3, daytime: 3 });
    expect(result.global).toBe(21);
    expect(result.poorSleeper).toBe(true);
  });

  it('a night-shift worker sleeping by day, with moderate scores', () => {
    // bed 08:00, "20-40" min (30), up 15:00, "5,5" h (5.5); q5a 1;
    // q5b 3, q5c 1, q5d 0, q5e 0, q5f 0, q5g 2, q5h 2, q5i 1, q5j 1 (daylight noise);
    // quality "Fairly bad" (2); no medication; q8 2, q9 2.
    // C1 = 2
    // C2: 30 min → 1 (over 15 to 30); 1 + 1 = 2 → 1
    // C3: 5.5 h → 2
    // C4: 7 h in bed, 5.5/7 = 78.57% → 1
    // C5: 3+1+0+0+0+2+2+1+1 = 10 → 10–18 → 2
    // C6 = 0
    // C7: 2 + 2 = 4 → 2
    // global = 2 + 1 + 2 + 1 + 2 + 0 + 2 = 10
    const result = scorePsqi({
      bedTime: '08:00',
      latency: '20-40',
      wakeTime: '15:00',
      sleepHours: '5,5',
      q5a: 1,
      q5b: 3,
      q5c: 1,
      q5d: 0,
      q5e: 0,
      q5f: 0,
      q5g: 2,
      q5h: 2,
      q5i: 1,
      q5j: 1,
      q5jText: 'street noise',
      q6: 2,
      q7: 0,
      q8: 2,
      q9: 2,
    });
    expect(result.hoursInBed).toBe(7);
    expect(result.efficiency).toBeCloseTo(78.571, 3);
    expect(result.components).toEqual({ quality: 2, latency: 1, duration: 2, efficiency: 1, disturbances: 2, medication: 0, daytime: 2 });
    expect(result.global).toBe(10);
    expect(result.poorSleeper).toBe(true);
  });

  describe('the issue’s scenario: bed 23:00, up 06:00, latency 20, 6 h asleep', () => {
    // 7 h in bed; 6/7 = 85.714…% → C4 0; 6 h → C3 1; latency 20 → item-2 score 1, so C2 = pair(1 + q5a).
    // Rest: q5b 1, q5e 1, others 0 → sum 2 → C5 1; q6 1 → C1 1; q7 0 → C6 0; q8 0 + q9 1 → C7 1.
    // global = C1 1 + C2 + C3 1 + C4 0 + C5 1 + C6 0 + C7 1 = 4 + C2.
    const scenario = (q5a: Rating): PsqiAnswers => ({
      bedTime: '23:00',
      latency: 20,
      wakeTime: '06:00',
      sleepHours: 6,
      q5a,
      q5b: 1,
      q5c: 0,
      q5d: 0,
      q5e: 1,
      q5f: 0,
      q5g: 0,
      q5h: 0,
      q5i: 0,
      q6: 1,
      q7: 0,
      q8: 0,
      q9: 1,
    });

    it('has 7 h in bed, 85.714…% efficiency → C4 0, and C3 1', () => {
      const result = scorePsqi(scenario(0));
      expect(result.hoursInBed).toBe(7);
      expect(result.efficiency).toBeCloseTo(85.7142857, 6);
      expect(result.components.efficiency).toBe(0);
      expect(result.components.duration).toBe(1);
      expect(result.sleepExceedsBed).toBe(false);
      expect(result.problems).toEqual({});
    });

    it.each([
      [0, 1, 5, false], // 1 + 0 = 1 → 1
      [1, 1, 5, false], // 1 + 1 = 2 → 1
      [2, 2, 6, true], // 1 + 2 = 3 → 2
      [3, 2, 6, true], // 1 + 3 = 4 → 2
    ] as const)('with q5a %i: C2 %i, global %i, poor sleeper %s', (q5a, c2, global, poor) => {
      const result = scorePsqi(scenario(q5a));
      expect(result.components).toEqual({ quality: 1, latency: c2, duration: 1, efficiency: 0, disturbances: 1, medication: 0, daytime: 1 });
      expect(result.global).toBe(global);
      expect(result.poorSleeper).toBe(poor);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Dispatch
// ---------------------------------------------------------------------------------------------------------------

describe('scoreQuestionnaire / headlineScore', () => {
  it('dispatches GAD-7 answers to scoreGad7', () => {
    const answers = gad7All(2);
    const result = scoreQuestionnaire('gad7', answers);
    expect(result).toEqual(scoreGad7(answers));
    expect(result.instrument).toBe('gad7');
    expect(result.total).toBe(14);
    expect(headlineScore(result)).toBe(14);
  });

  it('dispatches PSQI answers to scorePsqi', () => {
    const answers = psqiZero({ q6: 3, q7: 3 });
    const result = scoreQuestionnaire('psqi', answers);
    expect(result).toEqual(scorePsqi(answers));
    expect(result.instrument).toBe('psqi');
    expect(result.global).toBe(6);
    expect(headlineScore(result)).toBe(6);
  });

  it('dispatches on a runtime instrument value', () => {
    for (const instrument of INSTRUMENTS) {
      const result = scoreQuestionnaire(instrument, {});
      expect(result.instrument).toBe(instrument);
      expect(headlineScore(result)).toBeNull();
    }
  });

  it('headlineScore is null while incomplete and the total / global once complete', () => {
    expect(headlineScore(scoreGad7(without(gad7All(3), 'q1')))).toBeNull();
    expect(headlineScore(scoreGad7(gad7All(3)))).toBe(21);
    expect(headlineScore(scoreGad7(gad7All(0)))).toBe(0);
    expect(headlineScore(scorePsqi(without(psqiZero(), 'q9')))).toBeNull();
    expect(headlineScore(scorePsqi(psqiZero()))).toBe(0);
    expect(headlineScore(scorePsqi(psqiZero({ q6: 2, q7: 1 })))).toBe(3);
  });
});
