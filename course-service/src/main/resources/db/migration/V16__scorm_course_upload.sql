-- The upload a hosted SCORM course was made for (scorm-service's upload hash). scorm-service may
-- ask again for the course of one upload (its first call timed out, or it died before it recorded
-- the package): the course of that upload is answered again, never a second one.
alter table course add column upload_hash text;
create unique index course_upload_hash on course (workspace_id, upload_hash) where upload_hash is not null;
