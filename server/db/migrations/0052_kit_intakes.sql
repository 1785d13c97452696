-- The food and lifestyle intake the lab reads with every sample (PUT /api/kits/{id}/intake): one per kit, answered by
-- the kit's owner once it is activated and changed until the lab receives the sample. The answers are the contract's
-- KitIntakeAnswers, checked by the server before they are written. Health data: exported with the person's data and
-- erased with the account.
CREATE TABLE kit_intakes (
  kit_id      text PRIMARY KEY REFERENCES kits (id) ON DELETE CASCADE,
  answers     jsonb NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
