-- Parcels booked with a courier aggregator (the test courier, Shiprocket): a forward parcel carries an order's kits to
-- its address; a return carries one kit's sample from the customer's door to the lab. `reference` is ours and the
-- provider's order id, the same on every try of a booking, so a booking whose answer was lost is found, not repeated.
-- A row is written before the provider is asked (state booking) and completed from its answer (booked).
CREATE TABLE shipments (
  id                   text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id             text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  direction            text NOT NULL CHECK (direction IN ('forward', 'return')),
  kit_ids              text[] NOT NULL CHECK (cardinality(kit_ids) >= 1),
  provider             text NOT NULL CHECK (provider IN ('test', 'shiprocket')),
  reference            text NOT NULL UNIQUE CHECK (length(reference) BETWEEN 3 AND 50),
  state                text NOT NULL DEFAULT 'booking' CHECK (state IN ('booking', 'booked', 'cancelled')),
  provider_order_id    text,
  provider_shipment_id text,
  awb                  text UNIQUE CHECK (length(awb) BETWEEN 4 AND 40),
  courier              text CHECK (length(courier) BETWEEN 1 AND 60),
  tracking_url         text,
  pickup_date          date,
  -- Where the parcel is, in the shop's words (TrackingStatus), and the time of the scan that said so: an older scan
  -- arriving late never takes the parcel back.
  tracking_status      text NOT NULL DEFAULT 'booked',
  tracking_at          timestamptz,
  -- The pickup address of a return (the customer's door); a forward parcel goes to its order's or kit's address.
  address              jsonb,
  created_by           text REFERENCES users (id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  booked_at            timestamptz,
  cancelled_at         timestamptz,
  CHECK (state = 'booking' OR awb IS NOT NULL)
);
CREATE INDEX shipments_order_idx ON shipments (order_id, created_at);
CREATE INDEX shipments_kits_idx ON shipments USING gin (kit_ids);

-- Each scan once, however often a webhook carries it again.
CREATE TABLE shipment_scans (
  shipment_id text NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  at          timestamptz NOT NULL,
  status      text NOT NULL,
  activity    text NOT NULL CHECK (length(activity) <= 200),
  location    text CHECK (length(location) <= 120),
  PRIMARY KEY (shipment_id, at, activity)
);
