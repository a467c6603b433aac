-- Per-workspace settings of the learner pages: which sites may frame /play/course and /play/screen
-- (their CSP frame-ancestors). A workspace without a row gets the service's player.frame-ancestors.
create table player_embed_settings (
    workspace_id    bigint primary key,
    frame_ancestors text[]      not null,
    updated_at      timestamptz not null default now()
);
