-- AI course generation (docs/generation.md) runs as a job of the language job machinery: same
-- queue, lease, heartbeat and takeover. A generation job has no course until it succeeds, so it
-- carries the scope the course is made in: workspace, tenant (null = workspace-default) and owner.
alter table language_job alter column course_id drop not null;
alter table language_job drop constraint language_job_type_check;
alter table language_job add constraint language_job_type_check
    check (type in ('translation', 'narration', 'generation'));
alter table language_job add column workspace_id bigint;
alter table language_job add column client_identifier text;
alter table language_job add column identifier text;
-- Every job can be placed in a workspace: through its course, or its own columns.
alter table language_job add constraint language_job_scope
    check (course_id is not null or workspace_id is not null);
create index language_job_workspace on language_job (workspace_id) where workspace_id is not null;
