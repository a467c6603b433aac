-- A package's files are no longer copied out of its zip into objects of their own: they are read
-- from the package's original (scorm/originals/..., kept for as long as the package is ready) by
-- byte range. Each checked file of a ready package has a row: where its bytes start in the zip,
-- how many are stored there, how many they expand to, and how (0 stored, 8 deflated, 9
-- deflate64). Packages made ready before this migration keep content_prefix and their extracted
-- objects, and are served from those.
create table scorm_package_file (
    course_id    bigint   not null references scorm_package (course_id) on delete cascade,
    path         text     not null,
    data_offset  bigint   not null check (data_offset >= 0),
    stored_bytes bigint   not null check (stored_bytes >= 0),
    size_bytes   bigint   not null check (size_bytes >= 0),
    method       smallint not null check (method in (0, 8, 9)),
    primary key (course_id, path)
);
-- The zip a ready package's files are read from; null for packages served from content_prefix.
alter table scorm_package add column content_zip text;
