create table workspace (
    id         bigserial primary key,
    name       text        not null,
    plan       text        not null check (plan in ('starter', 'build', 'scale', 'enterprise')),
    addons     text        not null default '',
    features   text        not null default '',
    user_limit integer check (user_limit >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- Keys are 256-bit random secrets; only their SHA-256 is kept. The prefix (not secret) finds
-- the row, then the hashes are compared in constant time.
create table api_key (
    id           bigserial primary key,
    workspace_id bigint      not null references workspace (id),
    name         text        not null,
    mode         text        not null check (mode in ('live', 'test')),
    key_prefix   text        not null,
    key_hash     bytea       not null unique,
    created_at   timestamptz not null default now(),
    revoked_at   timestamptz
);
create index api_key_prefix on api_key (key_prefix);
create index api_key_workspace on api_key (workspace_id);

-- A user is global by email; membership is per workspace.
create table app_user (
    id         bigserial primary key,
    email      text        not null,
    username   text        not null,
    firstname  text,
    lastname   text,
    timezone   text,
    avatar     text,
    locale     text,
    email_verified text,
    password_hash  text,
    created_at timestamptz not null default now()
);
create unique index app_user_email on app_user (lower(email));
create unique index app_user_username on app_user (lower(username));

create table membership (
    workspace_id bigint      not null references workspace (id),
    user_id      bigint      not null references app_user (id),
    state        text        not null check (state in ('active', 'pending', 'inactive')),
    user_type    text check (user_type in ('student', 'team')),
    disable_course_enrolment_notification boolean not null default false,
    added_at     timestamptz not null default now(),
    primary key (workspace_id, user_id)
);

create table enrolment (
    id           bigserial primary key,
    workspace_id bigint      not null references workspace (id),
    user_id      bigint references app_user (id),
    course_id    bigint,
    group_id     bigint,
    role         text        not null default 'student' check (role in ('student', 'teacher')),
    created_at   timestamptz not null default now()
);
create index enrolment_workspace_created on enrolment (workspace_id, created_at, id);
