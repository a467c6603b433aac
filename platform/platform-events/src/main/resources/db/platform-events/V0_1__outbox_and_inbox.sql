-- Transactional outbox: written in the same transaction as the change it describes,
-- published in seq order by OutboxRelay (platform-events).
create table outbox (
    seq          bigserial primary key,
    id           uuid        not null unique,
    topic        text        not null,
    message_key  text        not null,
    type         text        not null,
    payload      text        not null,
    created_at   timestamptz not null default now(),
    published_at timestamptz
);
create index outbox_unpublished on outbox (seq) where published_at is null;
create index outbox_published_at on outbox (published_at) where published_at is not null;

-- Wakes the relay on commit (NOTIFY is transactional); polling is the fallback.
create function outbox_notify() returns trigger language plpgsql as $$
begin
    perform pg_notify('outbox_' || current_schema(), '');
    return null;
end
$$;
create trigger outbox_notify after insert on outbox for each statement execute function outbox_notify();

-- Idempotent consumers: one row per (consumer, event) applied.
create table inbox (
    consumer     text        not null,
    event_id     uuid        not null,
    processed_at timestamptz not null default now(),
    primary key (consumer, event_id)
);
