-- Users whose Keycloak account (the sign-in of the consumer MCP endpoint) has been brought in step
-- with their memberships at least once. The backfill provisions every user with a membership and
-- no row here; member-events keep them in step afterwards.
create table keycloak_provisioned (
    user_id   bigint      primary key references app_user (id),
    synced_at timestamptz not null default now()
);
