-- A batch of course migrations (only for requests with two or more unique courses).
create table migration_batch (
    id           uuid primary key,
    workspace_id bigint      not null,
    status       text        not null check (status in ('pending', 'processing', 'completed', 'completed_with_errors')),
    test_mode    boolean     not null,
    created_at   timestamptz not null default now(),
    completed_at timestamptz
);
create index migration_batch_workspace on migration_batch (workspace_id, created_at);

-- One course of a batch; claimed with FOR UPDATE SKIP LOCKED by the workers.
create table migration_item (
    job_id     bigserial primary key,
    batch_id   uuid        not null references migration_batch (id),
    course_id  bigint      not null,
    title      text,
    status     text        not null check (status in ('pending', 'processing', 'migrated', 'already_modern', 'blocked', 'failed')),
    total      integer     not null default 0,
    changed    integer     not null default 0,
    blocked    jsonb       not null default '[]',
    screens    jsonb       not null default '[]',
    error      text,
    reason     text,
    updated_at timestamptz not null default now(),
    unique (batch_id, course_id)
);
create index migration_item_pending on migration_item (job_id) where status = 'pending';
