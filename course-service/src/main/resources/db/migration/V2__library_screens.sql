-- Standalone library screens made from catalogue layouts (or blank by type), owned by an
-- end user (identifier) of a tenant. A quiz layout makes three screens sharing a group.
create table library_screen (
    id                bigserial primary key,
    workspace_id      bigint      not null,
    client_identifier text,
    identifier        text        not null,
    layout_id         text,
    type              text        not null,
    type_id           integer     not null,
    title             text,
    group_key         text,
    group_role        text,
    document          jsonb       not null,
    created_at        timestamptz not null default now()
);
create index library_screen_workspace on library_screen (workspace_id, client_identifier, id);

create unique index course_key_unique on course (workspace_id, course_key);
