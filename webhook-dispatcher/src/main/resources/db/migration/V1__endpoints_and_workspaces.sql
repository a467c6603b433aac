-- Webhook endpoints of a workspace. The signing secret is stored encrypted.
create table webhook_endpoint (
    id               bigserial primary key,
    workspace_id     bigint      not null,
    url              text        not null,
    events           text        not null,
    enabled          boolean     not null default true,
    description      text,
    secret_encrypted bytea       not null,
    created_at       timestamptz not null default now(),
    updated_at       timestamptz not null default now()
);
create index webhook_endpoint_workspace on webhook_endpoint (workspace_id, id);

-- Projection of members-service's workspaces (plan decides whether events are delivered).
-- revision counts the events applied: a redelivered event must not move it.
create table workspace (
    id          bigint primary key,
    name        text        not null,
    plan        text        not null,
    revision    integer     not null,
    occurred_at timestamptz not null,
    updated_at  timestamptz not null default now()
);
