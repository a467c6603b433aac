-- Retention: the purge deletes finished deliveries (and, by cascade, their attempts) whose last
-- activity (updated_at: the last recorded outcome or replay) is older than webhooks.retention,
-- oldest first, in batches. This index holds finished rows only, so the sender's pending rows
-- never pay for it and a purge with nothing to do reads one index page instead of the table.
create index delivery_finished on delivery (updated_at) where status in ('succeeded', 'failed');
