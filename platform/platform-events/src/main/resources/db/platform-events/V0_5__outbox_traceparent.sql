-- The W3C trace context of the transaction that wrote the event (its traceparent), kept with the
-- row so the relay sends it as the record's traceparent header and consumers continue the trace.
-- Null for rows written outside any trace and for rows from before the column.
alter table outbox add column traceparent text;
