-- How many courses each tenant of a workspace has, deleted or not, so that a course list's total
-- (X-Total-Count) is a sum of a few rows instead of a count of the workspace's courses on every
-- page. Statement-level triggers keep it in the same transaction as the change, one upsert per
-- (workspace, tenant, deleted) a statement touches: a bulk insert costs one row write, and an
-- update that moves no course between tenants or in and out of the bin costs none.
create table course_count (
    workspace_id      bigint  not null,
    client_identifier text,
    deleted           boolean not null,
    courses           bigint  not null,
    constraint course_count_key unique nulls not distinct (workspace_id, client_identifier, deleted)
);

-- The function keeps the migration's search_path, so a write by a role with another one (a bulk
-- load as the database owner) is counted too.
create function course_count_add() returns trigger language plpgsql set search_path from current as $$
begin
    if tg_op = 'INSERT' then
        insert into course_count as c (workspace_id, client_identifier, deleted, courses)
        select workspace_id, client_identifier, deleted, count(*) from new_rows group by 1, 2, 3
        on conflict on constraint course_count_key do update set courses = c.courses + excluded.courses;
    elsif tg_op = 'DELETE' then
        insert into course_count as c (workspace_id, client_identifier, deleted, courses)
        select workspace_id, client_identifier, deleted, -count(*) from old_rows group by 1, 2, 3
        on conflict on constraint course_count_key do update set courses = c.courses + excluded.courses;
    else
        insert into course_count as c (workspace_id, client_identifier, deleted, courses)
        select workspace_id, client_identifier, deleted, sum(delta) from (
            select o.workspace_id, o.client_identifier, o.deleted, -1 as delta
            from old_rows o join new_rows n on n.id = o.id
            where (o.workspace_id, o.client_identifier, o.deleted) is distinct from (n.workspace_id, n.client_identifier, n.deleted)
            union all
            select n.workspace_id, n.client_identifier, n.deleted, 1
            from old_rows o join new_rows n on n.id = o.id
            where (o.workspace_id, o.client_identifier, o.deleted) is distinct from (n.workspace_id, n.client_identifier, n.deleted)
        ) moved group by 1, 2, 3
        on conflict on constraint course_count_key do update set courses = c.courses + excluded.courses;
    end if;
    return null;
end $$;

create trigger course_count_insert after insert on course
    referencing new table as new_rows for each statement execute function course_count_add();
create trigger course_count_update after update on course
    referencing old table as old_rows new table as new_rows for each statement execute function course_count_add();
create trigger course_count_delete after delete on course
    referencing old table as old_rows for each statement execute function course_count_add();

-- The counts of the courses already there. A course written while this runs waits for the
-- migration's lock on the table (the trigger creation above), so none is missed or counted twice.
insert into course_count (workspace_id, client_identifier, deleted, courses)
select workspace_id, client_identifier, deleted, count(*) from course group by 1, 2, 3;
