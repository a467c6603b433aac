-- Profile fields belong to a membership, not to the user: a workspace that adds an existing
-- email must see what it set, never what another workspace set (names, avatar, locale,
-- timezone, email_verified). The user keeps what is global: email, username (unique across
-- the platform, as the spec says) and the password.
alter table membership
    add column firstname      text,
    add column lastname       text,
    add column timezone       text,
    add column avatar         text,
    add column locale         text,
    add column email_verified text;

-- Every existing membership keeps what its members showed until now.
update membership m
   set firstname = u.firstname, lastname = u.lastname, timezone = u.timezone, avatar = u.avatar,
       locale = u.locale, email_verified = u.email_verified
  from app_user u
 where u.id = m.user_id;

-- Sort keys and search text (V3) now take the names from the membership itself.
create or replace function membership_user_keys() returns trigger language plpgsql as $$
begin
    select lower(coalesce(new.firstname, '')), lower(coalesce(new.lastname, '')), lower(u.username), lower(u.email), u.created_at,
           lower(coalesce(new.firstname, '') || ' ' || coalesce(new.lastname, '') || ' ' || u.username || ' ' || u.email)
      into new.sort_first, new.sort_last, new.sort_username, new.sort_email, new.user_created_at, new.search_text
      from app_user u where u.id = new.user_id;
    return new;
end
$$;
alter function membership_user_keys() set search_path from current;
drop trigger membership_user_keys on membership;
create trigger membership_user_keys before insert or update of user_id, firstname, lastname on membership
    for each row execute function membership_user_keys();

-- Only the global fields of a user still feed every membership's keys.
drop trigger app_user_keys_changed on app_user;
create trigger app_user_keys_changed after update of username, email on app_user
    for each row execute function app_user_keys_changed();

-- No copy stays on the user for a later query to answer by mistake.
alter table app_user
    drop column firstname,
    drop column lastname,
    drop column timezone,
    drop column avatar,
    drop column locale,
    drop column email_verified;
