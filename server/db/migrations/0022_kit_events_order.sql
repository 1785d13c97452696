-- Steps recorded in the same instant (the demo warehouse ships and delivers at once) keep the order they were
-- recorded in: the timeline sorts by time, then by this sequence.
ALTER TABLE kit_events ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
