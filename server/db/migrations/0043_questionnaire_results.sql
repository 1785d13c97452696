-- The care team's list of questionnaire results (GET /api/staff/questionnaire-results): newest first by default, or
-- by score, optionally of one instrument, each order with the id last so that pages never overlap. A person's own
-- history keeps the index of migration 0024 on (user_id, created_at DESC).
CREATE INDEX questionnaire_responses_created_idx ON questionnaire_responses (created_at DESC, id DESC);
CREATE INDEX questionnaire_responses_instrument_created_idx ON questionnaire_responses (instrument, created_at DESC, id DESC);
CREATE INDEX questionnaire_responses_score_idx ON questionnaire_responses (score, created_at, id);
