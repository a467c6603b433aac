-- Whether course-service has soft-deleted the package's course (course.deleted / course.restored
-- from course-events): a deleted course can be neither embedded nor played.
alter table scorm_package add column course_deleted boolean not null default false;
-- Time of the last deletion event applied, so an older event never overwrites a newer one.
alter table scorm_package add column course_event_at timestamptz;
