-- The W3C trace context of the event a delivery carries (its traceparent), so every attempt is
-- sent and logged in the trace of the request that caused the event. Null for events without one
-- and for rows from before the column.
alter table delivery add column traceparent text;
