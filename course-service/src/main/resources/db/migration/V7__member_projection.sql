-- course-service's copy of each workspace's members (id, email, username), fed by member-events
-- through the inbox, so the player's tracking events can carry the learner's email without
-- calling members-service. member.deleted removes the row.
create table member_projection (
    workspace_id bigint      not null,
    member_id    bigint      not null,
    email        text        not null,
    username     text,
    occurred_at  timestamptz not null,
    updated_at   timestamptz not null default now(),
    primary key (workspace_id, member_id)
);
create index member_projection_email on member_projection (workspace_id, lower(email));
create index member_projection_username on member_projection (workspace_id, lower(username));
