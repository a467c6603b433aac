-- Every job names its workspace (docs/translation-and-narration.md, "Fair shares"): a
-- translation or narration job its course's, a generation job the one it makes the course in.
-- A request counts its workspace's queued jobs against the cap; the claim takes turns between
-- the workspaces with due jobs: fewest running first, then the one whose last job started
-- longest ago, and skips those at their cap of running jobs.
update language_job j set workspace_id = c.workspace_id
from course c
where c.id = j.course_id and j.workspace_id is null;
alter table language_job alter column workspace_id set not null;
drop index language_job_workspace;
create index language_job_workspace_open on language_job (workspace_id, id) where status in ('queued', 'running');
create index language_job_workspace_started on language_job (workspace_id, started_at);
