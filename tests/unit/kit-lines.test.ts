import { describe, expect, it } from 'vitest';
import { kitLineName, kitLines } from '@/lib/kit-lines';

const kit = (id: string, product: string, name: string, price: number, actual = price) => ({ _id: id, product, name, price, actual_price: actual });

describe('one line per product with its quantity', () => {
  it('puts the kits of a product on one line, in the order the products first appear, with the line amounts', () => {
    const lines = kitLines([
      kit('item-1', 'prod-360', 'Gut 360', 1_499_900, 1_999_900),
      kit('item-2', 'prod-start', 'Gut Start', 499_900),
      kit('item-3', 'prod-360', 'Gut 360', 1_499_900, 1_999_900),
    ]);
    expect(lines.map(({ product, quantity, price, actual_price }) => ({ product, quantity, price, actual_price }))).toEqual([
      { product: 'prod-360', quantity: 2, price: 2_999_800, actual_price: 3_999_800 },
      { product: 'prod-start', quantity: 1, price: 499_900, actual_price: 499_900 },
    ]);
    expect(lines[0]!.kits.map((k) => k._id)).toEqual(['item-1', 'item-3']);
  });

  it('has no lines for no kits', () => {
    expect(kitLines([])).toEqual([]);
  });

  it('names a line of one kit by its name and a line of more with the quantity', () => {
    expect(kitLineName({ name: 'Gut 360', quantity: 1 })).toBe('Gut 360');
    expect(kitLineName({ name: 'Gut 360', quantity: 3 })).toBe('3 × Gut 360');
  });
});
