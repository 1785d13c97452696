-- The shop's periodic work (expiring unpaid orders, handing lost messages back to the queue): each task runs once per
-- interval across every API process. A process claims a run by moving `last_started_at` forward in one statement; the
-- others see the new time and wait for the next interval.
CREATE TABLE scheduled_tasks (
  name             text PRIMARY KEY,
  last_started_at  timestamptz NOT NULL,
  last_finished_at timestamptz,
  last_error       text
);
