-- The workspace that chose the user's password (the one whose member create carried it). That
-- password signs in to Keycloak for this workspace only: a credential one workspace chose never
-- opens another workspace's data. Null when the user was created without a password.
alter table app_user add column password_workspace_id bigint;

-- Passwords are only ever set when a user is created, by the workspace that created them: the
-- workspace of the user's earliest membership.
update app_user u
   set password_workspace_id = (select m.workspace_id from membership m
                                 where m.user_id = u.id
                                 order by m.added_at, m.workspace_id
                                 limit 1)
 where u.password_hash is not null;

-- Which provisioning rules a user's Keycloak account was last brought in step with. Version 2
-- stopped marking emails verified (only the person's own reset by email link does); accounts of
-- version 1 are synced again by the backfill.
alter table keycloak_provisioned add column version smallint not null default 1;
