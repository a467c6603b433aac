-- The scope of the request that made a batch, which the workers migrate its items in.
-- restricted: made by an agent; its items are migrated only within the agent's tenant,
--   client_identifier (null = the workspace-default tenant, courses without a tenant).
alter table migration_batch add column restricted        boolean not null default false;
alter table migration_batch add column client_identifier text;
