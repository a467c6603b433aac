create table member_group (
    id           bigserial primary key,
    workspace_id bigint      not null references workspace (id),
    name         text        not null,
    created_at   timestamptz not null default now()
);
create index member_group_workspace on member_group (workspace_id, id);

-- One row per kind of enrolment: user→course, user→group (with role), group→course.
create unique index enrolment_user_course on enrolment (workspace_id, user_id, course_id)
    where group_id is null and user_id is not null and course_id is not null;
create unique index enrolment_user_group on enrolment (workspace_id, user_id, group_id)
    where course_id is null and user_id is not null and group_id is not null;
create unique index enrolment_group_course on enrolment (workspace_id, group_id, course_id)
    where user_id is null and group_id is not null and course_id is not null;
create index enrolment_user on enrolment (workspace_id, user_id);
create index enrolment_course on enrolment (workspace_id, course_id);
create index enrolment_group on enrolment (workspace_id, group_id);

-- Courses as course-service announces them on course-events: to check course ids and search titles.
create table course_projection (
    id                bigint primary key,
    workspace_id      bigint      not null,
    title             text        not null,
    course_key        text,
    client_identifier text,
    deleted           boolean     not null default false,
    occurred_at       timestamptz not null,
    updated_at        timestamptz not null default now()
);
create index course_projection_workspace on course_projection (workspace_id, id);
