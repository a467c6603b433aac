-- The sequence number of the last progress write a player session stored (null: none yet, or a page
-- that sends none). A write numbered at or below it arrived late and leaves the stored screen as is.
alter table player_session add column progress_sequence bigint;
