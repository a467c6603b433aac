-- Migration preview (API.md): the Classic draft kept while the course shows its Builder 2
-- conversion; null when the course is not in preview. Discarding the preview restores it;
-- migrating the course drops it.
alter table course add column migration_stash jsonb;

-- Migrations done through the internal API, by the caller's request id, so that a request
-- repeated after a lost answer (a migration-service worker that died) gets the first result
-- instead of a misleading already_modern.
create table course_migration (
    request_id   uuid primary key,
    course_id    bigint      not null references course (id),
    workspace_id bigint      not null,
    result       jsonb       not null,
    created_at   timestamptz not null default now()
);
create index course_migration_course on course_migration (course_id);
