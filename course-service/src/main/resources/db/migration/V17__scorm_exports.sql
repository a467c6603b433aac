-- Dynamic SCORM packages (docs/scorm-export.md): one row per package downloaded, keyed by the
-- export id of its token, so a package can be revoked on its own and expires when the operator's
-- lifetime says. A package exported before this table existed gets its row at its first launch.
create table scorm_export (
    export_id         text primary key,
    workspace_id      bigint      not null,
    course_id         bigint      not null references course (id),
    client_identifier text,
    test_mode         boolean     not null,
    expires_at        timestamptz not null,
    revoked_at        timestamptz,
    created_at        timestamptz not null default now()
);
create index scorm_export_course on scorm_export (course_id, created_at);

-- The LMS learners a package has let in. Each row is one tracking record
-- (identifier scorm:<export id>:<record>:<LMS learner id>); the launcher keeps the record's random
-- key in the LMS (cmi.suspend_data) and only a launch presenting it, for the same LMS learner id,
-- continues the record. Only the key's SHA-256 is stored. created_at bounds new learners per hour.
create table scorm_export_learner (
    id         bigserial primary key,
    export_id  text        not null references scorm_export (export_id),
    learner_id text        not null,
    record     text        not null,
    key_hash   text        not null unique,
    created_at timestamptz not null default now()
);
create index scorm_export_learner_recent on scorm_export_learner (export_id, created_at);
