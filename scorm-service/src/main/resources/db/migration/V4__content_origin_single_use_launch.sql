-- Each embed token opens at most one session (review finding R12). The launch records the token's
-- jti in the transaction that opens the session; a second launch with the same token finds the row
-- and is refused. A row is kept until its token has expired (expires_at is the token's exp), then
-- Housekeeping purges it: an expired token is refused by its signature check alone.
create table scorm_launch (
    jti         text primary key,
    session_id  text        not null,
    expires_at  timestamptz not null,
    used_at     timestamptz not null default now()
);
create index scorm_launch_expiry on scorm_launch (expires_at);

-- The host name a session is served on (review finding R2): its own origin under the content
-- origin, never the API's. Sessions opened before this migration have none and answer 404.
alter table scorm_session add column content_host text;
-- The origin of the page that embeds the player, the only target of its postMessage events;
-- null: the player posts none.
alter table scorm_session add column parent_origin text;
