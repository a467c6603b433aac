-- A hosted SCORM package; course_id is the course of type 'scorm' that course-service made for it.
create table scorm_package (
    course_id     bigint primary key,
    workspace_id  bigint      not null,
    client_identifier text,
    name          text        not null,
    status        text        not null check (status in ('uploaded', 'processing', 'ready', 'failed')),
    title         text,
    version       text,
    launch        jsonb,
    error         text,
    error_code    text,
    size_bytes    bigint      not null,
    object_key    text        not null,
    created_at    timestamptz not null default now(),
    updated_at    timestamptz not null default now()
);
create index scorm_package_workspace on scorm_package (workspace_id);
