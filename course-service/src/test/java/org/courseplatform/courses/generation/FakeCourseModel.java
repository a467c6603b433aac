package org.courseplatform.courses.generation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.courseplatform.courses.language.FakeOpenAi;

/**
 * A local OpenAI-compatible chat-completions server on 127.0.0.1 (a random port) that writes
 * courses: it reads the plan from the request (the kinds of screens, the number of questions) and
 * answers a course of that shape. Scripted answers come first: one that is not JSON, one of the
 * wrong shape, one with too few screens, one that needs repairs, a slow one (beyond the timeout),
 * 503 and 400.
 */
public class FakeCourseModel implements QuarkusTestResourceLifecycleManager {

    public enum Behaviour {
        OK,
        MALFORMED,
        WRONG_SHAPE,
        TOO_FEW_SCREENS,
        REPAIRABLE,
        SLOW,
        UNAVAILABLE,
        REJECTED
    }

    static final String API_KEY = "sk-test-course-model";
    static final ConcurrentLinkedDeque<Behaviour> SCRIPT = new ConcurrentLinkedDeque<>();
    /** When set, every request without a scripted behaviour plays this one (a provider that keeps failing). */
    static volatile Behaviour always;

    static final List<JsonNode> REQUESTS = new CopyOnWriteArrayList<>();
    static final List<String> AUTHORIZATIONS = new CopyOnWriteArrayList<>();

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private HttpServer server;

    static void reset() {
        SCRIPT.clear();
        REQUESTS.clear();
        AUTHORIZATIONS.clear();
        always = null;
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
        server.start();
        String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
        Map<String, String> config = new HashMap<>(FakeOpenAi.devStackS3Keys());
        config.putAll(Map.of(
                "language.provider.base-url",
                base,
                "language.provider.api-key",
                API_KEY,
                "language.provider.model",
                "fake-model",
                "language.provider.retry-delay",
                "0.1S",
                "generation.provider.model",
                "fake-course-model",
                "generation.provider.timeout",
                "2S",
                "generation.provider.max-retries",
                "2"));
        return config;
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private void chat(HttpExchange exchange) throws IOException {
        JsonNode request = MAPPER.readTree(exchange.getRequestBody());
        REQUESTS.add(request);
        AUTHORIZATIONS.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        Behaviour behaviour = SCRIPT.pollFirst();
        if (behaviour == null) {
            behaviour = always == null ? Behaviour.OK : always;
        }
        JsonNode asked =
                MAPPER.readTree(request.path("messages").path(1).path("content").asText());
        String content;
        switch (behaviour) {
            case SLOW -> {
                sleep(4000);
                content = course(asked, false).toString();
            }
            case UNAVAILABLE -> {
                send(exchange, 503, "text/plain", "overloaded");
                return;
            }
            case REJECTED -> {
                send(exchange, 400, "application/json", "{\"error\":{\"message\":\"response_format not supported\"}}");
                return;
            }
            case MALFORMED -> content = "Sure! Here is your course: {\"title\": \"Fire";
            case WRONG_SHAPE -> content = "{\"course\":{\"name\":\"Fire safety\"},\"pages\":[]}";
            case TOO_FEW_SCREENS -> {
                ObjectNode course = course(asked, false);
                ((ArrayNode) course.get("screens")).remove(0);
                content = course.toString();
            }
            case REPAIRABLE -> content = course(asked, true).toString();
            default -> content = course(asked, false).toString();
        }
        ObjectNode body = MAPPER.createObjectNode();
        body.putArray("choices")
                .addObject()
                .putObject("message")
                .put("role", "assistant")
                .put("content", content);
        send(exchange, 200, "application/json", body.toString());
    }

    /** A course of the plan asked for; {@code messy}: extra screens and questions, markup, string flags, 8 answers. */
    static ObjectNode course(JsonNode asked, boolean messy) {
        ObjectNode course = MAPPER.createObjectNode();
        course.put("title", messy ? "<h1>Fire safety at work</h1>" : "Fire safety at work")
                .put("description", "What every new colleague needs to know about fire.")
                .put("introduction", "Fires start fast. This course shows you what to do.")
                .put("minutes", 17);
        ArrayNode screens = course.putArray("screens");
        int i = 0;
        for (JsonNode screen : asked.path("screens")) {
            i++;
            ObjectNode s = screens.addObject().put("title", "Topic " + i);
            if ("flipcards".equals(screen.path("kind").asText())) {
                s.putArray("paragraphs").add("Turn each card.");
                s.putArray("keyPoints");
                ArrayNode cards = s.putArray("cards");
                cards.addObject().put("front", "Class A").put("back", "Wood, paper and cloth.");
                cards.addObject().put("front", "Class B").put("back", "Flammable liquids.");
            } else {
                s.putArray("paragraphs")
                        .add(messy ? "Know your <script>alert(1)</script>exits & routes." : "Know your exits.")
                        .add("Walk them once a month.");
                s.putArray("keyPoints").add("Exits are marked green").add("Never use the lift");
                s.putArray("cards");
            }
        }
        if (messy) {
            screens.addObject()
                    .put("title", "An extra screen nobody asked for")
                    .putArray("paragraphs")
                    .add("Extra.");
        }
        ObjectNode quiz =
                course.putObject("quiz").put("title", "Check yourself").put("introduction", "Three questions.");
        ArrayNode questions = quiz.putArray("questions");
        int count = asked.path("questions").asInt() + (messy ? 3 : 0);
        for (int q = 1; q <= count; q++) {
            ObjectNode question = questions
                    .addObject()
                    .put("question", "Question " + q + "?")
                    .put("feedback", "Because the exits are marked.");
            ArrayNode answers = question.putArray("answers");
            int answerCount = messy ? 8 : 3;
            for (int a = 1; a <= answerCount; a++) {
                ObjectNode answer = answers.addObject().put("text", "Answer " + a);
                if (messy) {
                    answer.put("correct", a == 1 ? "true" : "false");
                } else {
                    answer.put("correct", a == 1);
                }
            }
        }
        if (messy) {
            // A question without a correct answer is dropped, not the whole course.
            ObjectNode bad = questions.addObject().put("question", "No right answer?");
            bad.putArray("answers").addObject().put("text", "Nope").put("correct", false);
        }
        return course;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
