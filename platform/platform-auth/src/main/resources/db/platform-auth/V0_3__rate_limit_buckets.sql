-- Per-workspace request budgets shared by every replica of a service (platform-auth RateLimiter):
-- a token bucket refilled at the configured rate, from which replicas take small leases.
-- `granted` is the size of the last lease, answered by the statement that took it.
create table rate_limit_bucket (
    workspace_id bigint primary key,
    tokens double precision not null,
    granted integer not null,
    updated_at timestamptz not null
);
