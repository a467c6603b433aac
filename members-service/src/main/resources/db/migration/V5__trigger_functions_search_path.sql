-- The trigger functions of V3 and V4 name tables without a schema. Pin their search_path to
-- this schema, so they work whoever writes the rows (an operator's psql session, a bulk load),
-- not only sessions of the members role.
alter function membership_user_keys() set search_path from current;
alter function app_user_keys_changed() set search_path from current;
alter function member_count_change(bigint, text, integer) set search_path from current;
alter function membership_counted() set search_path from current;
alter function enrolment_counted() set search_path from current;
