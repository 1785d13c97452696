import type { Config } from '../../config';
import type { ShippingProvider } from './provider';
import { ShiprocketProvider } from './shiprocket';
import { TestCourier } from './test-courier';

export * from './provider';
export { ShiprocketProvider } from './shiprocket';
export { TestCourier, TEST_COURIER_NAME } from './test-courier';

/** The configured courier aggregator; null when shipments are entered by hand. */
export function shippingProviderOf(config: Pick<Config, 'shipping' | 'seller'>): ShippingProvider | null {
  const shipping = config.shipping;
  if (!shipping) return null;
  if (shipping.provider === 'shiprocket') return new ShiprocketProvider(shipping);
  return new TestCourier({ webhookToken: shipping.webhookToken, warehouse: { name: config.seller.name, address: config.seller.address }, labName: shipping.lab.name });
}
