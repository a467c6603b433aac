package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * Sends a request with the JDK's HTTP client, byte for byte as built (no charset added to the
 * Content-Type, no re-encoding of the path), checks the answer with {@link ErrorShape} and, when
 * the request kept the operation's route, with {@link ResponseContract} into the report, and feeds
 * the ids of successful answers to the {@link IdPool}.
 */
final class Sender {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpClient client;
    private final String target;
    private final Duration timeout;
    private final IdPool ids;
    private final FuzzReport report;
    private final PrintWriter log;

    Sender(HttpClient client, String target, Duration timeout, IdPool ids, FuzzReport report, PrintWriter log) {
        this.client = client;
        this.target = target;
        this.timeout = timeout;
        this.ids = ids;
        this.report = report;
        this.log = log;
    }

    void send(Operation operation, FuzzRequest request) {
        int status = exchange(operation, request);
        if (log != null) {
            log.println("#" + request.index() + " " + status + " " + request.mutation() + " (" + request.variant()
                    + ") " + request.summary());
        }
    }

    /** Answers the status: 0 when no answer came, -1 when the JDK client refuses to send the request at all. */
    private int exchange(Operation operation, FuzzRequest request) {
        HttpRequest http;
        try {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(target + request.pathAndQuery()))
                    .timeout(timeout)
                    .method(
                            request.method(),
                            request.body() == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofByteArray(request.body()));
            request.headers().forEach(builder::header);
            if (request.authorization() != null) {
                builder.header("Authorization", request.authorization());
            }
            http = builder.build();
        } catch (IllegalArgumentException e) {
            report.skipped();
            return -1;
        }
        try {
            HttpResponse<byte[]> response = client.send(http, HttpResponse.BodyHandlers.ofByteArray());
            int status = response.statusCode();
            String contentType = response.headers().firstValue("Content-Type").orElse(null);
            report.answered(status);
            String problem = ErrorShape.problem(status, contentType, response.body());
            if (problem == null && Mutation.valueOf(request.mutation()).keepsRoute()) {
                problem = ResponseContract.problem(operation, status, contentType, response.body());
            }
            if (problem != null) {
                report.failed(request, status, problem, response.body());
            } else if (status >= 200 && status < 300 && contentType != null && contentType.contains("json")) {
                harvest(operation, response.body());
            }
            return status;
        } catch (HttpTimeoutException e) {
            report.answered(0);
            report.failed(request, 0, "no answer within " + timeout.toSeconds() + " s", null);
        } catch (IOException e) {
            report.answered(0);
            report.failed(request, 0, "no answer: " + e, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("fuzz run interrupted", e);
        }
        return 0;
    }

    private void harvest(Operation operation, byte[] body) {
        try {
            ids.harvest(operation, MAPPER.readTree(body));
        } catch (IOException e) {
            // said JSON but is not: the shape check covers errors only, and there is no id to learn
        }
    }
}
