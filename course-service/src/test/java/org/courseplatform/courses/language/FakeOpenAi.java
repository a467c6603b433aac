package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A local OpenAI-compatible server on 127.0.0.1 (a random port) for the provider tests: it speaks
 * chat completions (JSON answers: each id's text prefixed with {@link #prefix}) and audio/speech
 * (a small WAV), and plays scripted failures first: a slow answer, 429 with Retry-After, 503, an
 * answer that is not JSON, one missing an id, or an answer held until the test releases it.
 */
public class FakeOpenAi implements QuarkusTestResourceLifecycleManager {

    public enum Behaviour {
        OK,
        SLOW,
        RATE_LIMITED,
        UNAVAILABLE,
        MALFORMED,
        MISSING_ID,
        HOLD
    }

    static final String API_KEY = "sk-test-fake";
    static final ConcurrentLinkedDeque<Behaviour> SCRIPT = new ConcurrentLinkedDeque<>();
    static final List<JsonNode> CHAT_REQUESTS = new CopyOnWriteArrayList<>();
    static final List<JsonNode> SPEECH_REQUESTS = new CopyOnWriteArrayList<>();
    static final List<String> AUTHORIZATIONS = new CopyOnWriteArrayList<>();
    static volatile String prefix = "[fr] ";
    static volatile CountDownLatch held = new CountDownLatch(1);
    static volatile CountDownLatch release = new CountDownLatch(1);

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private HttpServer server;

    /** Forgets requests and the script; answers succeed with {@code prefix} until told otherwise. */
    static void reset(String newPrefix) {
        SCRIPT.clear();
        CHAT_REQUESTS.clear();
        SPEECH_REQUESTS.clear();
        AUTHORIZATIONS.clear();
        prefix = newPrefix;
        held = new CountDownLatch(1);
        release = new CountDownLatch(1);
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/v1/chat/completions", this::chat);
        server.createContext("/v1/audio/speech", this::speech);
        server.start();
        String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
        Map<String, String> config = new HashMap<>(devStackS3Keys());
        config.putAll(Map.of(
                "language.provider.base-url",
                base,
                "language.provider.api-key",
                API_KEY,
                "language.provider.model",
                "fake-model",
                "language.provider.timeout",
                "2S",
                "language.provider.retry-delay",
                "0.1S",
                "language.provider.max-retries",
                "3",
                "language.provider.batch-size",
                "5",
                "language.speech.base-url",
                base,
                "language.speech.timeout",
                "5S"));
        return config;
    }

    /**
     * The S3 keys the JVM's dev-stack was started with. A test profile loads the platform test
     * resource again in a new class loader, which draws new random keys while reusing the running
     * dev-stack (found by its ports), so S3 would refuse them; its command line has the real ones.
     */
    public static Map<String, String> devStackS3Keys() {
        return ProcessHandle.current()
                .descendants()
                .map(p -> p.info().arguments().orElse(new String[0]))
                .filter(args -> Arrays.asList(args).contains("--s3-access-key"))
                .findFirst()
                .map(args -> {
                    List<String> list = Arrays.asList(args);
                    return Map.of(
                            "quarkus.s3.aws.credentials.static-provider.access-key-id",
                            list.get(list.indexOf("--s3-access-key") + 1),
                            "quarkus.s3.aws.credentials.static-provider.secret-access-key",
                            list.get(list.indexOf("--s3-secret-key") + 1));
                })
                .orElse(Map.of());
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private void chat(HttpExchange exchange) throws IOException {
        JsonNode request = MAPPER.readTree(exchange.getRequestBody());
        CHAT_REQUESTS.add(request);
        AUTHORIZATIONS.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        Behaviour behaviour = SCRIPT.pollFirst();
        if (behaviour != null && failed(exchange, behaviour)) {
            return;
        }
        JsonNode asked =
                MAPPER.readTree(request.path("messages").path(1).path("content").asText());
        ObjectNode answer = MAPPER.createObjectNode();
        if (asked.has("screen")) {
            answer.put(
                    "script",
                    prefix + "Narration of "
                            + asked.path("screen").path("title").asText() + ".");
        } else {
            for (Iterator<Map.Entry<String, JsonNode>> it = asked.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                answer.put(entry.getKey(), prefix + entry.getValue().asText());
            }
            if (behaviour == Behaviour.MISSING_ID && answer.size() > 0) {
                answer.remove(answer.fieldNames().next());
            }
        }
        ObjectNode body = MAPPER.createObjectNode();
        body.putArray("choices")
                .addObject()
                .putObject("message")
                .put("role", "assistant")
                .put("content", answer.toString());
        send(exchange, 200, "application/json", body.toString().getBytes(StandardCharsets.UTF_8));
    }

    private void speech(HttpExchange exchange) throws IOException {
        JsonNode request = MAPPER.readTree(exchange.getRequestBody());
        SPEECH_REQUESTS.add(request);
        Behaviour behaviour = SCRIPT.pollFirst();
        if (behaviour != null && failed(exchange, behaviour)) {
            return;
        }
        send(exchange, 200, "audio/wav", wav());
    }

    /** Plays a failure; false when the behaviour is not a failure of the whole answer. */
    private boolean failed(HttpExchange exchange, Behaviour behaviour) throws IOException {
        switch (behaviour) {
            case SLOW -> {
                sleep(4000);
                send(exchange, 200, "application/json", "{\"choices\":[]}".getBytes(StandardCharsets.UTF_8));
                return true;
            }
            case RATE_LIMITED -> {
                exchange.getResponseHeaders().set("Retry-After", "1");
                send(
                        exchange,
                        429,
                        "application/json",
                        "{\"error\":{\"message\":\"slow down\"}}".getBytes(StandardCharsets.UTF_8));
                return true;
            }
            case UNAVAILABLE -> {
                send(exchange, 503, "text/plain", "busy".getBytes(StandardCharsets.UTF_8));
                return true;
            }
            case MALFORMED -> {
                String body =
                        "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"Sure! Here is {not json\"}}]}";
                send(exchange, 200, "application/json", body.getBytes(StandardCharsets.UTF_8));
                return true;
            }
            case HOLD -> {
                held.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return false;
            }
            default -> {
                return false;
            }
        }
    }

    /** A tiny valid WAV: 8 kHz mono 16-bit, 100 samples of silence. */
    static byte[] wav() {
        int samples = 100;
        ByteBuffer b = ByteBuffer.allocate(44 + samples * 2).order(ByteOrder.LITTLE_ENDIAN);
        b.put("RIFF".getBytes(StandardCharsets.US_ASCII))
                .putInt(36 + samples * 2)
                .put("WAVE".getBytes(StandardCharsets.US_ASCII));
        b.put("fmt ".getBytes(StandardCharsets.US_ASCII))
                .putInt(16)
                .putShort((short) 1)
                .putShort((short) 1)
                .putInt(8000)
                .putInt(16000)
                .putShort((short) 2)
                .putShort((short) 16);
        b.put("data".getBytes(StandardCharsets.US_ASCII)).putInt(samples * 2);
        return b.array();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
