-- Work claimed by the batch workers (FOR UPDATE SKIP LOCKED under a lease).
-- request_id: sent to course-service with every attempt of the item, so a retry after a lost
--   answer gets the first result back instead of migrating twice.
-- attempts: claims so far; a claim is only honoured at the attempts it was made with.
-- locked_until: the lease of a processing item, or the back-off of a pending one.
alter table migration_item add column request_id   uuid        not null default gen_random_uuid();
alter table migration_item add column attempts     integer     not null default 0;
alter table migration_item add column locked_until timestamptz;
create index migration_item_lease on migration_item (locked_until) where status = 'processing';
create index migration_item_batch on migration_item (batch_id, job_id);
