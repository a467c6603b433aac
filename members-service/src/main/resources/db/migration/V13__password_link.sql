-- When members-service last had Keycloak mail the user a link to set a password of their own: at
-- most one such mail per user in ten minutes, whoever asks.
alter table app_user add column password_link_sent_at timestamptz;
