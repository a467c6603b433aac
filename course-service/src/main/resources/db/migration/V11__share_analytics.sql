-- Share links (docs/share-links.md) and course analytics (docs/analytics.md).

-- A public link to a published course's player. Only the SHA-256 of its random code is kept, so
-- reading the database does not reveal a live link; code_hint (its first characters) tells links
-- apart in a list. client_identifier is the course's tenant when the link was made; test_mode the
-- mode of the key that made it, given to every tracking record opened through it. uses counts
-- learners (share_link_learner rows), raised by one conditional update so that concurrent opens
-- never pass max_uses.
create table share_link (
    id                bigserial primary key,
    workspace_id      bigint      not null,
    course_id         bigint      not null references course (id),
    client_identifier text,
    code_hash         text        not null unique,
    code_hint         text        not null,
    test_mode         boolean     not null,
    expires_at        timestamptz not null,
    max_uses          integer check (max_uses is null or max_uses > 0),
    uses              integer     not null default 0,
    revoked_at        timestamptz,
    created_at        timestamptz not null default now()
);
create index share_link_course on share_link (course_id, id);

-- The learners a link has let in: a random id the learner's browser keeps, so opening the link
-- again resumes the same tracking record (identifier share:<link id>:<learner>) without another use.
create table share_link_learner (
    link_id    bigint      not null references share_link (id),
    learner    text        not null,
    created_at timestamptz not null default now(),
    primary key (link_id, learner)
);

-- Course analytics: one row per tracking record of a course, from the native player (source
-- 'player', tracking_id = player_tracking.id) and from hosted SCORM (source 'scorm', scorm-service's
-- tracking id). commenced_at, completed_at and total_seconds come from course.commenced /
-- course.completed on course-events and scorm-events (through the inbox); furthest_index and
-- quiz_passed from the native player's own progress writes (no event exists per screen).
-- A projection: never joined to another service's schema, no foreign keys.
create table analytics_learner (
    source         text        not null check (source in ('player', 'scorm')),
    tracking_id    bigint      not null,
    workspace_id   bigint      not null,
    course_id      bigint      not null,
    identifier     text        not null,
    test_mode      boolean     not null,
    commenced_at   timestamptz,
    completed_at   timestamptz,
    total_seconds  bigint      not null default 0,
    furthest_index integer     not null default -1,
    quiz_passed    boolean,
    updated_at     timestamptz not null default now(),
    primary key (source, tracking_id)
);
-- The analytics read one course's learners of one mode commenced in a date range: an index-only
-- range scan of this index answers every figure (visibility map permitting).
create index analytics_learner_course on analytics_learner (course_id, test_mode, commenced_at)
    include (completed_at, total_seconds, furthest_index, quiz_passed);
