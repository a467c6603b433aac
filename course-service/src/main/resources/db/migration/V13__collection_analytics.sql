-- Collection analytics (docs/analytics.md): the collection a learner's tracking record belongs to,
-- from data.collection of course.commenced / course.completed (null: played standalone). The index
-- serves a collection's figures course by course as analytics_learner_course serves a course's.
alter table analytics_learner add column collection_id bigint;
create index analytics_learner_collection on analytics_learner (collection_id, course_id, test_mode, commenced_at)
    include (completed_at, total_seconds, furthest_index, quiz_passed) where collection_id is not null;
