-- Workspace themes (docs/themes.md). Built-in themes (ids 1..N) live in the code, not here; workspace
-- themes are numbered from 1000 so that the two never share an id. A tenant's themes are those with
-- its client_identifier; null is the workspace-default tenant, as for courses.
create sequence theme_id_seq start with 1000;

create table theme (
    id                bigint primary key default nextval('theme_id_seq'),
    workspace_id      bigint       not null,
    client_identifier varchar(255),
    name              varchar(100) not null,
    color_primary     char(7)      not null,
    color_background  char(7)      not null,
    color_surface     char(7)      not null,
    color_text        char(7)      not null,
    color_accent      char(7)      not null,
    font_heading      varchar(32)  not null,
    font_body         varchar(32)  not null,
    corner_style      varchar(16)  not null,
    created_at        timestamptz  not null,
    updated_at        timestamptz  not null
);
alter sequence theme_id_seq owned by theme.id;

create index theme_workspace_tenant on theme (workspace_id, client_identifier, id);
