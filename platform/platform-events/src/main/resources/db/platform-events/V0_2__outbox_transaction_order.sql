-- The transaction that wrote each row. The relay publishes only rows whose transaction is
-- older than every transaction still running, so a row with a lower seq can never turn up
-- after a higher one has been published (sequence order = publication order, no gaps).
alter table outbox add column tx_id xid8 not null default pg_current_xact_id();
