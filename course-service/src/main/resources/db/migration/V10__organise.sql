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

-- A named, keyed, ordered set of courses of one tenant (a learning path).
create table course_collection (
    id                bigserial primary key,
    workspace_id      bigint      not null,
    client_identifier text,
    collection_key    text        not null,
    title             text        not null,
    description       text        not null default '',
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now()
);
create index course_collection_workspace on course_collection (workspace_id, id);

-- The courses of a collection in order (position 0, 1, ...).
create table course_collection_item (
    collection_id bigint  not null references course_collection (id) on delete cascade,
    course_id     bigint  not null references course (id),
    position      integer not null,
    primary key (collection_id, course_id)
);
create index course_collection_item_course on course_collection_item (course_id);

-- A learner has one tracking record per course played standalone and one per collection the
-- course is played in. collection_id is the collection's id (no foreign key: the records, and
-- the {id, key} in the collection column, outlive a deleted collection).
alter table player_tracking add column collection_id bigint;
drop index player_tracking_course;
create unique index player_tracking_course
    on player_tracking (course_id, identifier, coalesce(collection_id, 0)) where course_id is not null;

-- The brand voice of a workspace (client_identifier null) or a tenant's override of it.
-- do_list, dont_list: JSON arrays of strings; vocabulary: JSON array of {term, note}.
create table brand_voice (
    id                bigserial primary key,
    workspace_id      bigint      not null,
    client_identifier text,
    name              text        not null,
    tone              text        not null default '',
    audience          text        not null default '',
    do_list           jsonb       not null default '[]',
    dont_list         jsonb       not null default '[]',
    vocabulary        jsonb       not null default '[]',
    created_at        timestamptz not null default now(),
    updated_at        timestamptz not null default now()
);
create unique index brand_voice_scope on brand_voice (workspace_id, coalesce(client_identifier, ''));
