/**
 * A cart's kits and an order's items are one entry per kit; the person sees one line per product with its quantity.
 */
export interface PricedKit {
  /** The cart item's or order item's own id: removing a kit removes one of these. */
  _id: string;
  product: string;
  name: string;
  price: number;
  actual_price: number;
}

export interface KitLine<Kit extends PricedKit> {
  product: string;
  name: string;
  /** The kits on this line, in the order they were added. */
  kits: Kit[];
  quantity: number;
  /** In paise: what the line's kits cost together, and what they would cost at the usual price. */
  price: number;
  actual_price: number;
}

/** One line per product, in the order each product first appears. */
export function kitLines<Kit extends PricedKit>(kits: readonly Kit[]): KitLine<Kit>[] {
  const lines = new Map<string, KitLine<Kit>>();
  for (const kit of kits) {
    const line = lines.get(kit.product);
    if (line) {
      line.kits.push(kit);
      line.quantity += 1;
      line.price += kit.price;
      line.actual_price += kit.actual_price;
    } else {
      lines.set(kit.product, { product: kit.product, name: kit.name, kits: [kit], quantity: 1, price: kit.price, actual_price: kit.actual_price });
    }
  }
  return [...lines.values()];
}

/** "Gut 360" for one kit, "2 × Gut 360" for more, as a sentence names a line. */
export function kitLineName(line: Pick<KitLine<PricedKit>, 'name' | 'quantity'>): string {
  return line.quantity === 1 ? line.name : `${line.quantity} × ${line.name}`;
}
