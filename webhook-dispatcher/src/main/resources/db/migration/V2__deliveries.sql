-- One row per (endpoint, event): the request body is built once when the event is queued and
-- sent unchanged by every attempt and replay. id is the X-Service-Delivery header.
create table delivery (
    id               uuid        primary key,
    endpoint_id      bigint      not null references webhook_endpoint (id) on delete cascade,
    workspace_id     bigint      not null,
    event_id         uuid        not null,
    type             text        not null,
    body             text        not null,
    -- null: queued before testMode existed; sent without the field and the header (SPEC rule 7)
    test_mode        boolean,
    status           text        not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
    attempts         integer     not null default 0,
    -- the attempt budget when queued (6; 4 under the older schedule)
    max_attempts     integer     not null check (max_attempts > 0),
    -- pending: due time, or the end of the sender's lease while claimed; null: held (endpoint
    -- disabled) or finished
    next_attempt_at  timestamptz,
    -- the claim of the sender that holds the row; an outcome counts only with the same claim
    claim_id         uuid,
    last_status_code integer,
    last_error       text,
    last_attempt_at  timestamptz,
    created_at       timestamptz not null default now(),
    updated_at       timestamptz not null default now(),
    constraint delivery_once unique (endpoint_id, event_id)
);
-- The sender's claim: due rows in due order.
create index delivery_due on delivery (next_attempt_at) where status = 'pending';
-- The delivery log of an endpoint, newest first.
create index delivery_log on delivery (endpoint_id, created_at desc, id desc);

-- Every attempt's outcome, for diagnosis.
create table delivery_attempt (
    id           bigserial   primary key,
    delivery_id  uuid        not null references delivery (id) on delete cascade,
    attempt      integer     not null,
    started_at   timestamptz not null,
    duration_ms  integer     not null,
    status_code  integer,
    error        text
);
create index delivery_attempt_delivery on delivery_attempt (delivery_id, attempt);

-- Wakes the senders of every replica when deliveries are queued (NOTIFY is sent at commit).
create function delivery_notify() returns trigger language plpgsql set search_path = pg_catalog as $$
begin
    perform pg_notify('webhook_deliveries', '');
    return null;
end
$$;
create trigger delivery_notify after insert on delivery for each statement execute function delivery_notify();
