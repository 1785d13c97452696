import type { Config } from '../../config';
import type { PaymentGateway } from './gateway';
import { RazorpayGateway } from './razorpay';
import { TestGateway } from './test-gateway';

export type { GatewayName, GatewayRefund, PaymentGateway } from './gateway';
export { GatewayRefusedError, GatewayUnavailableError } from './gateway';
export { TestGateway, TEST_GATEWAY_KEY_ID } from './test-gateway';

/** Razorpay when its keys are set; otherwise the built-in test gateway, which production never offers. */
export function paymentGatewayOf(config: Config): PaymentGateway | null {
  if (config.razorpay) return new RazorpayGateway(config.razorpay);
  if (config.production) return null;
  return new TestGateway(config.testGatewaySecret);
}
