-- Answers to writes sent with an Idempotency-Key (platform-events IdempotentRequests). A row is
-- written in the transaction of the write it answers, so it exists exactly when the write
-- committed: a retry after a lost answer, a killed replica or a timeout gets the first answer
-- instead of a second effect. Kept a day (hourly purge).
create table idempotency_key (
    caller text not null,
    key text not null,
    fingerprint text not null,
    status integer,
    location text,
    body text,
    created_at timestamptz not null default now(),
    primary key (caller, key)
);
create index idempotency_key_created on idempotency_key (created_at);
