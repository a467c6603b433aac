-- delivery is a queue: rows change state within seconds. Fresh statistics keep the sender's
-- claim on the due index instead of reading every due row; frequent vacuums keep it small.
alter table delivery set (autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_scale_factor = 0.05,
                          autovacuum_vacuum_insert_scale_factor = 0.05);
