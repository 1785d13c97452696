-- The staff landing page's figures and work queues: when each kit entered its present state (a kit delivered 14 days
-- ago and still not activated needs a reminder), and the paid orders by the time they were paid.
ALTER TABLE kits ADD COLUMN state_changed_at timestamptz NOT NULL DEFAULT clock_timestamp();
UPDATE kits k SET state_changed_at = e.at
  FROM (SELECT kit_id, max(at) AS at FROM kit_events GROUP BY kit_id) e
 WHERE e.kit_id = k.id;

CREATE FUNCTION kits_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.state IS DISTINCT FROM OLD.state THEN
    NEW.state_changed_at := clock_timestamp();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER kits_state_changed BEFORE UPDATE OF state ON kits FOR EACH ROW EXECUTE FUNCTION kits_state_changed();

CREATE INDEX kits_state_changed_idx ON kits (state, state_changed_at);
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;
