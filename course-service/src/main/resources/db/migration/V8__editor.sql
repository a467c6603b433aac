-- The course builder and the library screen editor (docs/course-builder.md).

-- An edit URL opens a session of mode 'edit'. Its course or screen may be null until the editor
-- creates one (an edit URL without courseId or id); test_mode is the issuing key's mode, carried
-- into the course.* events of the edits the session makes.
alter table player_session drop constraint player_session_mode_check;
alter table player_session add constraint player_session_mode_check check (mode in ('view', 'preview', 'edit'));
alter table player_session add column test_mode boolean not null default false;

-- A library screen's revision grows by one with each saved change: the screen editor saves with
-- If-Match, so a save from a stale read is refused (412) instead of overwriting another's change.
alter table library_screen add column revision bigint not null default 1;
alter table library_screen add column updated_at timestamptz;
update library_screen set updated_at = created_at;
alter table library_screen alter column updated_at set not null;
alter table library_screen alter column updated_at set default now();
