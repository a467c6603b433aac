-- Every agent token minted (never the token itself): who asked, for whom, with what scope.
create table agent_token (
    id                uuid primary key,
    workspace_id      bigint      not null,
    api_key_id        bigint      not null,
    identifier        text        not null,
    client_identifier text,
    tools             text,
    course_id         bigint,
    readonly          boolean     not null,
    test_mode         boolean     not null,
    created_at        timestamptz not null default now(),
    expires_at        timestamptz not null
);
create index agent_token_workspace on agent_token (workspace_id, created_at);
