-- An announced upload: the presigned PUT goes to object_key; the hash is used once, before expires_at.
create table scorm_upload (
    hash              text primary key,
    workspace_id      bigint      not null,
    name              text        not null,
    size_bytes        bigint      not null,
    object_key        text        not null,
    expires_at        timestamptz not null,
    used_at           timestamptz,
    course_id         bigint,
    created_at        timestamptz not null default now()
);
create index scorm_upload_expiry on scorm_upload (expires_at) where used_at is null;

-- The package row is also the processing job: 'uploaded' rows are claimed with FOR UPDATE SKIP
-- LOCKED under a lease (locked_until), so replicas share the work and a dead worker's package is
-- taken over when its lease ends.
alter table scorm_package add column identifier text;
alter table scorm_package add column course_key text;
alter table scorm_package add column test_mode boolean not null default false;
alter table scorm_package add column attempts integer not null default 0;
alter table scorm_package add column locked_until timestamptz;
alter table scorm_package add column file_count integer;
alter table scorm_package add column expanded_bytes bigint;
alter table scorm_package add column content_prefix text;
create index scorm_package_open on scorm_package (course_id) where status in ('uploaded', 'processing');

-- A learner's tracking record of one package (one per course and identifier). test_mode is the
-- mode of the key that minted the first launch URL and never changes.
create table scorm_tracking (
    id                 bigserial primary key,
    workspace_id       bigint      not null,
    course_id          bigint      not null references scorm_package (course_id),
    identifier         text        not null,
    client_identifier  text,
    test_mode          boolean     not null,
    last_sco           text,
    commenced_at       timestamptz,
    completed_at       timestamptz,
    total_seconds      double precision not null default 0,
    created_at         timestamptz not null default now(),
    updated_at         timestamptz not null default now(),
    unique (course_id, identifier)
);

-- The runtime data of one SCO for one learner, as the SCO last committed it.
create table scorm_sco_state (
    tracking_id        bigint      not null references scorm_tracking (id),
    sco_id             text        not null,
    location           text,
    suspend_data       text,
    completion_status  text,
    success_status     text,
    score_raw          double precision,
    score_min          double precision,
    score_max          double precision,
    score_scaled       double precision,
    total_time         text,
    total_seconds      double precision not null default 0,
    exit               text,
    cmi                jsonb,
    updated_at         timestamptz not null default now(),
    primary key (tracking_id, sco_id)
);

-- A player session opened from a signed view or edit URL; its random id is in every URL the
-- page uses (player, package files, runtime), so the browser needs no other credential.
create table scorm_session (
    id            text primary key,
    workspace_id  bigint      not null,
    course_id     bigint      not null references scorm_package (course_id),
    tracking_id   bigint references scorm_tracking (id),
    action        text        not null check (action in ('view', 'edit')),
    expires_at    timestamptz not null,
    created_at    timestamptz not null default now()
);
create index scorm_session_expiry on scorm_session (expires_at);
