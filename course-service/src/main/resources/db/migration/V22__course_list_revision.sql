-- A revision of each workspace's course list, so that the service can remember where the pages
-- of a list start (the id each page follows) and its total, and know in the same statement that
-- reads a page whether what it remembered still holds: a deep page then starts at a remembered
-- id instead of walking page x length index entries, and a filtered list is counted once per
-- revision instead of on every page. The revision moves, in the same transaction as the change,
-- whenever a statement adds or removes a course or changes a column a list filters on (tenant,
-- owner, folder, title, bin) or the workspace; a change to anything else (a description, a
-- publish, a thumbnail) leaves the lists' membership and order, and so the revision, alone.
-- Rows are never deleted: a revision only grows. No row reads as revision 0.
create table course_list_revision (
    workspace_id bigint primary key,
    revision     bigint not null
);

-- The function keeps the migration's search_path, as course_count_add does. Workspaces are
-- taken in id order so that two statements touching the same workspaces lock them in one order.
create function course_list_revision_bump() returns trigger language plpgsql set search_path from current as $$
begin
    if tg_op = 'INSERT' then
        insert into course_list_revision as r (workspace_id, revision)
        select distinct workspace_id, 1 from new_rows order by 1
        on conflict (workspace_id) do update set revision = r.revision + 1;
    elsif tg_op = 'DELETE' then
        insert into course_list_revision as r (workspace_id, revision)
        select distinct workspace_id, 1 from old_rows order by 1
        on conflict (workspace_id) do update set revision = r.revision + 1;
    elsif tg_op = 'UPDATE' then
        insert into course_list_revision as r (workspace_id, revision)
        select distinct w, 1 from (
            select unnest(array[o.workspace_id, n.workspace_id]) as w
            from old_rows o join new_rows n on n.id = o.id
            where (o.workspace_id, o.client_identifier, o.identifier, o.folder_id, o.title, o.deleted)
                is distinct from (n.workspace_id, n.client_identifier, n.identifier, n.folder_id, n.title, n.deleted)
        ) changed order by 1
        on conflict (workspace_id) do update set revision = r.revision + 1;
    else -- TRUNCATE: which workspaces lost courses is unknown, so every list moves on.
        update course_list_revision set revision = revision + 1;
    end if;
    return null;
end $$;

create trigger course_list_revision_insert after insert on course
    referencing new table as new_rows for each statement execute function course_list_revision_bump();
create trigger course_list_revision_update after update on course
    referencing old table as old_rows new table as new_rows for each statement execute function course_list_revision_bump();
create trigger course_list_revision_delete after delete on course
    referencing old table as old_rows for each statement execute function course_list_revision_bump();
create trigger course_list_revision_truncate after truncate on course
    for each statement execute function course_list_revision_bump();

-- Indexes that serve a list's filter and its order together: a page of a tenant's, an owner's
-- or a folder's courses outside the bin is one range of the index in id order, from the id it
-- follows to its length, with no row read to drop binned courses. (The whole workspace's list
-- already has course_workspace_list: workspace_id, deleted, id.)
drop index course_workspace_tenant;
create index course_workspace_tenant on course (workspace_id, client_identifier, deleted, id);
create index course_workspace_owner on course (workspace_id, identifier, deleted, id);
drop index course_workspace_folder;
create index course_workspace_folder on course (workspace_id, folder_id, deleted, id);
