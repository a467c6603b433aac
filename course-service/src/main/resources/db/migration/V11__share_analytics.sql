-- Share links (docs/share-links.md).

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

