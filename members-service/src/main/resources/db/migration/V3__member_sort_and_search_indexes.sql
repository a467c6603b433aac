-- Lists of a workspace's members must answer in a few milliseconds at 100,000 members: each
-- sort key and the search text live on membership (kept from app_user by triggers), so a page
-- is an index scan of one workspace's rows instead of a join and a sort of all of them.
alter table membership
    add column sort_first      text not null default '',
    add column sort_last       text not null default '',
    add column sort_username   text not null default '',
    add column sort_email      text not null default '',
    add column user_created_at timestamptz not null default now(),
    add column search_text     text not null default '';

create function membership_user_keys() returns trigger language plpgsql as $$
begin
    select lower(coalesce(u.firstname, '')), lower(coalesce(u.lastname, '')), lower(u.username), lower(u.email), u.created_at,
           lower(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '') || ' ' || u.username || ' ' || u.email)
      into new.sort_first, new.sort_last, new.sort_username, new.sort_email, new.user_created_at, new.search_text
      from app_user u where u.id = new.user_id;
    return new;
end
$$;
create trigger membership_user_keys before insert or update of user_id on membership
    for each row execute function membership_user_keys();

create function app_user_keys_changed() returns trigger language plpgsql as $$
begin
    update membership set user_id = user_id where user_id = new.id;
    return null;
end
$$;
create trigger app_user_keys_changed after update of firstname, lastname, username, email on app_user
    for each row execute function app_user_keys_changed();

update membership set user_id = user_id;

create index membership_by_name on membership (workspace_id, sort_first, sort_last, user_id);
create index membership_by_namelastfirst on membership (workspace_id, sort_last, sort_first, user_id);
create index membership_by_username on membership (workspace_id, sort_username, user_id);
create index membership_by_email on membership (workspace_id, sort_email, user_id);
create index membership_by_created on membership (workspace_id, user_created_at, user_id);
create index membership_by_added on membership (workspace_id, added_at, user_id);
create index membership_search on membership using gin (search_text public.gin_trgm_ops);

-- Course titles and keys for the enrolment search.
alter table course_projection add column search_text text not null default '';
update course_projection set search_text = lower(title || ' ' || coalesce(course_key, ''));
create index course_projection_search on course_projection using gin (search_text public.gin_trgm_ops);
