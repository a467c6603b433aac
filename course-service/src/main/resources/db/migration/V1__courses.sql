-- Courses of every workspace and tenant. Drafts and published versions are JSON documents
-- (Classic or Builder 2); a hosted SCORM package is a course of type 'scorm' without one.
create table course (
    id                    bigserial primary key,
    workspace_id          bigint      not null,
    client_identifier     text,
    identifier            text        not null,
    type                  text        not null check (type in ('course', 'scorm')),
    format                text check (format in ('classic', 'builder2')),
    title                 text        not null,
    description           text        not null default '',
    course_key            text        not null,
    published             boolean     not null default false,
    published_at          timestamptz,
    deleted               boolean     not null default false,
    time_estimate_minutes integer,
    thumbnail_revision    integer     not null default 0,
    screen_count          integer     not null default 0,
    revision              bigint      not null default 1,
    draft                 jsonb,
    published_document    jsonb,
    created_at            timestamptz not null default now(),
    updated_at            timestamptz not null default now()
);
create index course_workspace_list on course (workspace_id, deleted, id);
create index course_workspace_tenant on course (workspace_id, client_identifier, id);
