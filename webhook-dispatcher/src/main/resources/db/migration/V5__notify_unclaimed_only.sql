-- Senders are woken only when rows are queued unclaimed: rows the intake claimed for its own
-- sender while queueing them are already that sender's (docs/webhooks.md, Claimed while queued),
-- and a wake-up for them would only run a claim that finds nothing.
create or replace function delivery_notify() returns trigger language plpgsql set search_path = pg_catalog as $$
begin
    if exists (select 1 from inserted where claim_id is null) then
        perform pg_notify('webhook_deliveries', '');
    end if;
    return null;
end
$$;
drop trigger delivery_notify on delivery;
create trigger delivery_notify after insert on delivery referencing new table as inserted
    for each statement execute function delivery_notify();
