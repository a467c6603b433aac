-- Exact list totals (X-Total-Count) without counting 100,000 members or 1,000,000 enrolments
-- per request: per-workspace counters kept by triggers in the same transaction as the change.
create table member_count (
    workspace_id bigint primary key,
    active       bigint not null default 0,
    pending      bigint not null default 0,
    inactive     bigint not null default 0
);

create function member_count_change(ws bigint, state text, delta integer) returns void language plpgsql as $$
begin
    insert into member_count (workspace_id) values (ws) on conflict do nothing;
    update member_count set active   = active   + case when state = 'active'   then delta else 0 end,
                            pending  = pending  + case when state = 'pending'  then delta else 0 end,
                            inactive = inactive + case when state = 'inactive' then delta else 0 end
     where workspace_id = ws;
end
$$;

create function membership_counted() returns trigger language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') then
        perform member_count_change(old.workspace_id, old.state, -1);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
        perform member_count_change(new.workspace_id, new.state, 1);
    end if;
    return null;
end
$$;
create trigger membership_counted after insert or delete or update of state, workspace_id on membership
    for each row execute function membership_counted();

insert into member_count (workspace_id, active, pending, inactive)
select workspace_id, count(*) filter (where state = 'active'), count(*) filter (where state = 'pending'),
       count(*) filter (where state = 'inactive')
from membership group by workspace_id;

create table enrolment_count (
    workspace_id bigint primary key,
    total        bigint not null default 0
);

create function enrolment_counted() returns trigger language plpgsql as $$
begin
    if tg_op = 'INSERT' then
        insert into enrolment_count (workspace_id, total) values (new.workspace_id, 1)
            on conflict (workspace_id) do update set total = enrolment_count.total + 1;
    else
        update enrolment_count set total = total - 1 where workspace_id = old.workspace_id;
    end if;
    return null;
end
$$;
create trigger enrolment_counted after insert or delete on enrolment
    for each row execute function enrolment_counted();

insert into enrolment_count (workspace_id, total) select workspace_id, count(*) from enrolment group by workspace_id;
