-- Each course's thumbnail URL carries an unguessable token, so an <img> loads it without credentials.
alter table course add column thumbnail_token text;
update course set thumbnail_token = md5(random()::text || id::text) || md5(random()::text) where thumbnail_token is null;
alter table course alter column thumbnail_token set not null;
create unique index course_thumbnail_token on course (thumbnail_token);

-- Thumbnail captures, claimed by workers with FOR UPDATE SKIP LOCKED.
create table thumbnail_job (
    id           bigserial primary key,
    course_id    bigint      not null references course (id),
    revision     integer     not null,
    status       text        not null check (status in ('queued', 'running', 'done', 'failed')),
    attempts     integer     not null default 0,
    error        text,
    locked_until timestamptz,
    created_at   timestamptz not null default now(),
    updated_at   timestamptz not null default now()
);
create index thumbnail_job_open on thumbnail_job (id) where status in ('queued', 'running');
create index thumbnail_job_course on thumbnail_job (course_id, revision);
