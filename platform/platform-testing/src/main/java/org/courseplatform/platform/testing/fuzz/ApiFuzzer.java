package org.courseplatform.platform.testing.fuzz;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * A black-box fuzzer for the services' HTTP APIs. It reads OpenAPI documents, builds a valid
 * request for every operation from its schemas, then sends valid requests and {@link Mutation}s of
 * them chosen by a seeded {@link Random}, and checks every answer with {@link ErrorShape} (no 5xx,
 * and every 4xx in the platform's error shape) and with {@link ResponseContract} (the status is one
 * the operation documents, and a 2xx JSON body matches the documented schema). Failures are
 * collected, not thrown one by one, into a {@link FuzzReport}.
 *
 * <p>The documents may come from other base URLs than the requests go to: the system test reads
 * each service's document from its own port and sends everything through the ingress.
 *
 * <p>Credentials: every request carries the Authorization value of the {@code authorization}
 * supplier (asked once per run: a key of a workspace entitled to everything, so requests get past
 * authentication and reach the input handling), except the mutations that drop or break it.
 * Operations under {@code /admin/} get the operator token when one is given. What is never done,
 * so the run cannot destroy its own credentials or the data of others: admin operations only
 * address workspaces and keys that this run created (ids from its own admin answers, otherwise an
 * id that does not exist), so revoking keys and changing plans can only hit the run's own
 * throw-away workspaces; the workspace of the supplied key is never the target of an admin call.
 * Operations the caller excludes (e.g. test-only endpoints that fail on purpose) are listed at the
 * start of the run.
 */
public final class ApiFuzzer {

    private final List<String> documents;
    private final String target;
    private final Supplier<String> authorization;
    private final String operatorToken;
    private final Predicate<Operation> excluded;
    private final Map<String, String> examples;
    private final FuzzSettings settings;

    private ApiFuzzer(Builder b) {
        this.documents = List.copyOf(b.documents);
        this.target = stripSlash(Objects.requireNonNull(b.target, "target"));
        this.authorization = Objects.requireNonNull(b.authorization, "authorization");
        this.operatorToken = b.operatorToken;
        this.excluded = b.excluded;
        this.examples = Map.copyOf(b.examples);
        this.settings = Objects.requireNonNull(b.settings, "settings");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Runs within the settings' request and time budget; answers the report (check it with {@link FuzzReport#assertNoFailures()}). */
    public FuzzReport run() {
        System.out.println("fuzz seed=" + settings.seed() + " requests=" + settings.requests() + " seconds="
                + settings.seconds() + " target=" + target);
        long start = System.nanoTime();
        long deadline = start + Duration.ofSeconds(settings.seconds()).toNanos();
        FuzzReport report = new FuzzReport(settings.seed(), target);
        try (HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(10))
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .build();
                PrintWriter log = openLog()) {
            List<Operation> operations = operations(client);
            Random random = new Random(settings.seed());
            IdPool ids = new IdPool();
            RequestFactory requests = new RequestFactory(random, ids, examples, authorization.get(), operatorToken);
            Sender sender = new Sender(client, target, Duration.ofSeconds(settings.timeoutSeconds()), ids, report, log);
            int index = 0;
            for (Operation operation : warmUpOrder(operations)) {
                if (index >= settings.requests() || System.nanoTime() > deadline) {
                    break;
                }
                sender.send(operation, requests.build(operation, Mutation.VALID, index++));
            }
            while (index < settings.requests() && System.nanoTime() < deadline) {
                Operation operation = operations.get(random.nextInt(operations.size()));
                List<Mutation> applicable = Stream.of(Mutation.values())
                        .filter(m -> m.applies(operation))
                        .toList();
                Mutation mutation =
                        random.nextInt(8) == 0 ? Mutation.VALID : applicable.get(random.nextInt(applicable.size()));
                sender.send(operation, requests.build(operation, mutation, index++));
            }
        }
        report.finished(Duration.ofNanos(System.nanoTime() - start).toMillis());
        System.out.println(report.text());
        return report;
    }

    private PrintWriter openLog() {
        if (settings.log() == null) {
            return null;
        }
        try {
            return new PrintWriter(Files.newBufferedWriter(settings.log(), StandardCharsets.UTF_8), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Operation> operations(HttpClient client) {
        List<Operation> all = new ArrayList<>();
        for (String document : documents) {
            all.addAll(OpenApi.fetch(client, document));
        }
        List<Operation> kept = all.stream().filter(excluded.negate()).toList();
        all.stream()
                .filter(excluded)
                .forEach(o -> System.out.println("fuzz: excluded " + o.name() + " (" + o.service() + ")"));
        if (kept.isEmpty()) {
            throw new IllegalStateException("no operations to fuzz in " + documents);
        }
        System.out.println("fuzz: " + kept.size() + " operations from " + documents.size() + " document(s)");
        return kept;
    }

    /** One valid request per operation first, creations first and deletions last, so later requests find ids. */
    private static List<Operation> warmUpOrder(List<Operation> operations) {
        Comparator<Operation> order = Comparator.comparingInt(o -> switch (o.method()) {
            case "POST" -> o.in("path").isEmpty() ? 0 : 2;
            case "GET" -> 1;
            case "DELETE" -> 4;
            default -> 3;
        });
        return operations.stream().sorted(order).toList();
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** Configures a run. */
    public static final class Builder {

        private final List<String> documents = new ArrayList<>();
        private String target;
        private Supplier<String> authorization;
        private String operatorToken;
        private Predicate<Operation> excluded = o -> false;
        private final Map<String, String> examples = new HashMap<>();
        private FuzzSettings settings;

        /** An OpenAPI document URL, e.g. {@code http://127.0.0.1:8081/q/openapi?format=json}; may repeat. */
        public Builder openApi(String url) {
            documents.add(url);
            return this;
        }

        /** Where the requests go, e.g. the service's own URL or the ingress. */
        public Builder target(String baseUrl) {
            this.target = baseUrl;
            return this;
        }

        /** The Authorization header value of the run's API key, asked for once. */
        public Builder authorization(Supplier<String> authorization) {
            this.authorization = authorization;
            return this;
        }

        /** The operator token for {@code /admin/} operations; null: they get the API key (and answer 401/403). */
        public Builder operatorToken(String token) {
            this.operatorToken = token == null || token.isBlank() ? null : token;
            return this;
        }

        /** Operations not to send at all; the run lists them. */
        public Builder exclude(Predicate<Operation> excluded) {
            this.excluded = this.excluded.or(excluded);
            return this;
        }

        /** A valid JSON body for an operation whose schema is free-form ({@code "POST /admin/v1/workspaces"}). */
        public Builder example(String operation, String json) {
            examples.put(operation, json);
            return this;
        }

        public Builder examples(Map<String, String> examples) {
            this.examples.putAll(examples);
            return this;
        }

        public Builder settings(FuzzSettings settings) {
            this.settings = settings;
            return this;
        }

        public ApiFuzzer build() {
            if (documents.isEmpty()) {
                throw new IllegalStateException("no OpenAPI document given");
            }
            return new ApiFuzzer(this);
        }
    }
}
