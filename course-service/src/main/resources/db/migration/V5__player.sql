-- The course player (course and screen): learners' tracking records, player sessions and the
-- single use of embed tokens.

-- One tracking record per learner (identifier) and course, or per learner and library screen.
-- test_mode is the mode of the key that issued the first view URL and never changes.
-- furthest_index is the furthest screen reached (percent), screen_index the one shown last (resume).
create table player_tracking (
    id                bigserial primary key,
    workspace_id      bigint      not null,
    kind              text        not null check (kind in ('course', 'screen')),
    course_id         bigint references course (id),
    screen_id         bigint references library_screen (id),
    identifier        text        not null,
    client_identifier text,
    collection        jsonb,
    test_mode         boolean     not null,
    screen_index      integer     not null default 0,
    furthest_index    integer     not null default -1,
    percent           integer     not null default 0,
    answers           jsonb       not null default '{}',
    total_seconds     bigint      not null default 0,
    commenced_at      timestamptz,
    completed_at      timestamptz,
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now(),
    check ((kind = 'course') = (course_id is not null) and (kind = 'screen') = (screen_id is not null))
);
create unique index player_tracking_course on player_tracking (course_id, identifier) where course_id is not null;
create unique index player_tracking_screen on player_tracking (screen_id, identifier) where screen_id is not null;

-- A session opened by exchanging an embed token; its random id is the X-Player-Session header.
-- outline: what progress and scoring need of the document played (screens, questions, answers).
create table player_session (
    id                text primary key,
    workspace_id      bigint      not null,
    kind              text        not null check (kind in ('course', 'screen')),
    course_id         bigint references course (id),
    screen_id         bigint references library_screen (id),
    tracking_id       bigint references player_tracking (id),
    mode              text        not null check (mode in ('view', 'preview')),
    client_identifier text,
    identifier        text        not null,
    options           jsonb       not null default '{}',
    outline           jsonb       not null,
    parent_origin     text,
    expires_at        timestamptz not null,
    created_at        timestamptz not null default now()
);
create index player_session_expiry on player_session (expires_at);

-- Each embed token opens at most one session: the exchange records its jti in the session's
-- transaction. A row is useless once its token has expired (expires_at is the token's exp).
create table player_launch (
    jti         text primary key,
    session_id  text        not null,
    expires_at  timestamptz not null,
    used_at     timestamptz not null default now()
);
create index player_launch_expiry on player_launch (expires_at);
