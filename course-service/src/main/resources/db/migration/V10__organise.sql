-- Organising courses: folders, collections (learning paths) and the brand voice
-- (docs/organise.md, docs/brand-voice.md).

-- A tree of folders per workspace tenant (client_identifier null: the workspace-default tenant).
-- A folder's parent is in its tenant; sibling names are unique ignoring case.
create table course_folder (
    id                bigserial primary key,
    workspace_id      bigint      not null,
    client_identifier text,
    parent_id         bigint references course_folder (id),
    name              text        not null,
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now()
);
create unique index course_folder_sibling_name
    on course_folder (workspace_id, coalesce(client_identifier, ''), coalesce(parent_id, 0), lower(name));
create index course_folder_workspace on course_folder (workspace_id, id);
create index course_folder_parent on course_folder (parent_id) where parent_id is not null;

-- The folder a course sits in (null: none). The list's folderId filter and a folder's course
-- count read this index.
alter table course add column folder_id bigint references course_folder (id);
create index course_workspace_folder on course (workspace_id, folder_id, id);
