-- Dynamically registered Keycloak clients (MCP clients) seen without any session, and since when.
-- KeycloakClientJanitor deletes a client idle for longer than platform.keycloak.unused-client-after,
-- so anonymous registrations cannot fill the realm's client cap for good.
create table keycloak_idle_client (
    client_id  text        primary key,
    idle_since timestamptz not null default now()
);
