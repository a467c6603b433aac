-- An enrolment search joins the matching members (or courses) to their enrolments and needs
-- every column of each one. Covering indexes answer that from the index alone (index-only
-- scans), instead of one heap page visit per enrolment: about 1,000 visits for a typical term
-- at 1,000,000 enrolments. They replace the plain (workspace_id, user_id/course_id) indexes.
create index enrolment_by_user on enrolment (workspace_id, user_id) include (id, course_id, group_id, role, created_at);
drop index enrolment_user;
create index enrolment_by_course on enrolment (workspace_id, course_id) include (id, user_id, group_id, role, created_at);
drop index enrolment_course;
