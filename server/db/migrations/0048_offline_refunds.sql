-- Refunds of orders paid at a counter: the money goes back outside the payment gateway, handed back in cash, sent by
-- UPI (with the transfer's reference) or as a reversal on the card terminal, and staff record it when it is done.
-- Such a refund has no gateway refund; every refund made before this one went through the gateway.
ALTER TABLE refunds ADD COLUMN method text NOT NULL DEFAULT 'gateway' CHECK (method IN ('gateway', 'cash', 'upi', 'card_reversal'));
ALTER TABLE refunds ALTER COLUMN method DROP DEFAULT;
-- The UPI transfer's reference (UTR) or the card reversal's approval code, as the staff member read it.
ALTER TABLE refunds ADD COLUMN reference text CHECK (length(reference) BETWEEN 4 AND 40);
ALTER TABLE refunds ALTER COLUMN gateway_refund_id DROP NOT NULL;
ALTER TABLE refunds ADD CONSTRAINT refunds_gateway_refund_check CHECK ((method = 'gateway') = (gateway_refund_id IS NOT NULL));
ALTER TABLE refunds ADD CONSTRAINT refunds_method_reference_check CHECK (
  CASE method WHEN 'upi' THEN reference IS NOT NULL WHEN 'card_reversal' THEN true ELSE reference IS NULL END
);
