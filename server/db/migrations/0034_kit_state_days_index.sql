-- "Customers with a kit in this state for N days" (the staff home's queue of kits delivered and not activated) reads
-- the kits of one state and their owner and time in that state from this one index, without visiting the table.
CREATE INDEX kits_state_user_changed_idx ON kits (state, user_id, state_changed_at);
DROP INDEX kits_state_user_idx;
