-- Refused attempts used to name the non-public address a host resolved to ("refused: h resolves
-- to a private address (10.0.0.7)"), which made the delivery log an oracle for internal DNS. New
-- refusals say only "non-public address"; this rewrites those already logged the same way.
-- Numbered 4.1 so that a V5 of other work cannot collide (quarkus.flyway.out-of-order is on).
update delivery
set last_error = regexp_replace(last_error, '^refused: (\S+) resolves to an? .* address \(.*\)$',
                                'refused: \1 resolves to a non-public address')
where last_error like 'refused: % address (%)';
update delivery_attempt
set error = regexp_replace(error, '^refused: (\S+) resolves to an? .* address \(.*\)$',
                           'refused: \1 resolves to a non-public address')
where error like 'refused: % address (%)';
