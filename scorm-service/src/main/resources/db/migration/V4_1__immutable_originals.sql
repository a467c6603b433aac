-- The package's original is a copy made at create (scorm/originals/<workspace>/<hash>.zip), a key
-- no presigned PUT ever named; the slot remembers it from its claim, so housekeeping can remove a
-- copy that never became a package. Numbered 4.1 so that a V4 of other work sorts before it
-- (quarkus.flyway.out-of-order is on either way).
alter table scorm_upload add column original_key text;
-- Housekeeping now purges every slot past its expiry and grace, used or not (a used slot's upload
-- object is no package's original any more), so the expiry index covers all rows.
drop index if exists scorm_upload_expiry;
create index scorm_upload_expires on scorm_upload (expires_at);
-- When housekeeping deleted the original of a failed package (scorm.purge.failed-original-retention).
alter table scorm_package add column original_purged_at timestamptz;
create index scorm_package_failed_originals on scorm_package (updated_at)
    where status = 'failed' and original_purged_at is null;
