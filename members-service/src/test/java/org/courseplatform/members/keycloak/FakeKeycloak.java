package org.courseplatform.members.keycloak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for the few Keycloak endpoints provisioning uses (client-credentials token, users by
 * username, create, update, logout, delete) and the client sweep (clients, their session counts,
 * delete), on 127.0.0.1, keeping users in memory and recording
 * every call. Keycloak itself is an external product; the suite runs the real one.
 */
public class FakeKeycloak implements QuarkusTestResourceLifecycleManager {

    static final String SECRET = "fake-client-secret";
    static final Map<String, ObjectNode> USERS = new ConcurrentHashMap<>();
    static final List<String> CALLS = new CopyOnWriteArrayList<>();
    /** Clients by internal id: {@code id}, {@code clientId} and {@code sessions} (online and offline). */
    static final Map<String, ObjectNode> CLIENTS = new ConcurrentHashMap<>();

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", this::handle);
        server.start();
        return Map.of(
                "platform.keycloak.url",
                "http://127.0.0.1:" + server.getAddress().getPort(),
                "platform.keycloak.realm",
                "course-platform",
                "platform.keycloak.client-id",
                "members-service",
                "platform.keycloak.client-secret",
                SECRET);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** The user with this username, or null. */
    static ObjectNode user(String username) {
        return USERS.values().stream()
                .filter(u -> username.equals(u.path("username").asText()))
                .findFirst()
                .orElse(null);
    }

    private void handle(HttpExchange x) throws IOException {
        String method = x.getRequestMethod();
        String path = x.getRequestURI().getPath();
        String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String prefix = "/admin/realms/course-platform/users";
        try {
            if (method.equals("POST") && path.equals("/realms/course-platform/protocol/openid-connect/token")) {
                CALLS.add("token");
                if (!body.contains("grant_type=client_credentials") || !body.contains("client_secret=" + SECRET)) {
                    send(x, 401, "{\"error\":\"unauthorized_client\"}");
                    return;
                }
                send(x, 200, "{\"access_token\":\"admin-token\",\"expires_in\":300,\"token_type\":\"Bearer\"}");
                return;
            }
            if (!"Bearer admin-token".equals(x.getRequestHeaders().getFirst("Authorization"))) {
                send(x, 401, "{}");
                return;
            }
            String clients = "/admin/realms/course-platform/clients";
            if (path.equals(clients) || path.startsWith(clients + "/")) {
                clients(x, method, path.substring(clients.length()));
                return;
            }
            if (method.equals("GET") && path.equals(prefix)) {
                String username = query(x, "username");
                CALLS.add("find " + username);
                ObjectNode found = user(username);
                send(x, 200, found == null ? "[]" : "[" + found + "]");
            } else if (method.equals("POST") && path.equals(prefix)) {
                ObjectNode user = (ObjectNode) MAPPER.readTree(body);
                CALLS.add("create " + user.path("username").asText());
                if (user(user.path("username").asText()) != null) {
                    send(x, 409, "{\"errorMessage\":\"User exists with same username\"}");
                    return;
                }
                String id = UUID.randomUUID().toString();
                user.put("id", id);
                USERS.put(id, user);
                send(x, 201, "");
            } else if (method.equals("PUT") && path.endsWith("/execute-actions-email")) {
                String id = path.substring(prefix.length() + 1, path.length() - "/execute-actions-email".length());
                CALLS.add("mail " + USERS.get(id).path("username").asText() + " " + MAPPER.readTree(body) + " lifespan="
                        + query(x, "lifespan"));
                send(x, 204, "");
            } else if (method.equals("PUT") && path.startsWith(prefix + "/")) {
                String id = path.substring(prefix.length() + 1);
                JsonNode update = MAPPER.readTree(body);
                CALLS.add("update " + USERS.get(id).path("username").asText() + " enabled="
                        + update.path("enabled").asBoolean());
                USERS.get(id).setAll((ObjectNode) update);
                send(x, 204, "");
            } else if (method.equals("POST") && path.endsWith("/logout")) {
                String id = path.substring(prefix.length() + 1, path.length() - "/logout".length());
                CALLS.add("logout " + USERS.get(id).path("username").asText());
                send(x, 204, "");
            } else if (method.equals("DELETE") && path.startsWith(prefix + "/")) {
                ObjectNode removed = USERS.remove(path.substring(prefix.length() + 1));
                CALLS.add("delete "
                        + (removed == null ? "?" : removed.path("username").asText()));
                send(x, removed == null ? 404 : 204, "");
            } else {
                send(x, 404, "{}");
            }
        } catch (RuntimeException e) {
            send(x, 500, "{}");
        }
    }

    private void clients(HttpExchange x, String method, String rest) throws IOException {
        if (method.equals("GET") && rest.isEmpty()) {
            int first = Integer.parseInt(query(x, "first"));
            int max = Integer.parseInt(query(x, "max"));
            send(
                    x,
                    200,
                    CLIENTS.values().stream()
                            .sorted(java.util.Comparator.comparing(
                                    c -> c.path("id").asText()))
                            .skip(first)
                            .limit(max)
                            .map(c -> MAPPER.createObjectNode()
                                    .put("id", c.path("id").asText())
                                    .put("clientId", c.path("clientId").asText())
                                    .toString())
                            .collect(java.util.stream.Collectors.joining(",", "[", "]")));
            return;
        }
        String[] parts = rest.substring(1).split("/");
        ObjectNode client = CLIENTS.get(parts[0]);
        if (client == null) {
            send(x, 404, "{}");
        } else if (method.equals("GET") && parts.length == 2 && parts[1].equals("session-count")) {
            send(x, 200, "{\"count\":" + client.path("sessions").asLong() + "}");
        } else if (method.equals("GET") && parts.length == 2 && parts[1].equals("offline-session-count")) {
            send(x, 200, "{\"count\":0}");
        } else if (method.equals("DELETE") && parts.length == 1) {
            CLIENTS.remove(parts[0]);
            CALLS.add("delete client " + client.path("clientId").asText());
            send(x, 204, "");
        } else {
            send(x, 404, "{}");
        }
    }

    private static String query(HttpExchange x, String name) {
        String q = x.getRequestURI().getRawQuery();
        for (String pair : q == null ? new String[0] : q.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static void send(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(status, status == 204 || bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0 && status != 204) {
            x.getResponseBody().write(bytes);
        }
        x.close();
    }
}
