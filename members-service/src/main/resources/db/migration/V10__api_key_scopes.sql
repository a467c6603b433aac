-- The scopes of an API key, space-separated as in an OAuth scope string (platform-auth Scopes).
-- Null is full access: every key issued before scopes existed keeps it.
alter table api_key add column scopes text;
