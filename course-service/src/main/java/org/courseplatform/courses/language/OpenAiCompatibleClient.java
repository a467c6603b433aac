package org.courseplatform.courses.language;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.logging.Log;
import io.smallrye.faulttolerance.api.CustomBackoffStrategy;
import io.smallrye.faulttolerance.api.Guard;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * Calls an OpenAI-compatible server (chat completions with JSON answers, and speech) through a
 * SmallRye Fault Tolerance guard: each attempt has a timeout; timeouts, 429 (after its
 * {@code Retry-After}), 5xx, network errors and answers that fail validation are retried; any
 * other 4xx is not. When the retries are spent a {@link JobFailure} says what went wrong. Blocking:
 * call it on a worker thread.
 */
@ApplicationScoped
public class OpenAiCompatibleClient {

    private final LanguageConfig config;
    private final ObjectMapper mapper;
    private final HttpClient http;
    private final Guard guard;
    private final Guard speechGuard;

    public OpenAiCompatibleClient(LanguageConfig config, ObjectMapper mapper) {
        this.config = config;
        this.mapper = mapper;
        this.http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        this.guard = guard(
                config.provider().timeout(),
                config.provider().maxRetries(),
                config.provider().retryDelay());
        this.speechGuard = guard(
                config.speech().timeout(),
                config.provider().maxRetries(),
                config.provider().retryDelay());
    }

    /** Whether a chat-completions provider is configured (else the built-in providers are used). */
    public boolean chatConfigured() {
        return config.provider().baseUrl().filter(u -> !u.isBlank()).isPresent();
    }

    public boolean speechConfigured() {
        return config.speech().baseUrl().filter(u -> !u.isBlank()).isPresent();
    }

    /**
     * Asks for a JSON object ({@code response_format: json_object}) and hands the parsed object to
     * {@code validate}, which throws {@link ProviderException} (retryable) when the answer is unusable.
     */
    public <T> T chatJson(String system, String user, Function<JsonNode, T> validate) {
        return chatJson(
                new ChatCall(
                        system,
                        user,
                        config.provider().model(),
                        null,
                        guard,
                        config.provider().timeout(),
                        config.provider().maxRetries(),
                        null),
                validate);
    }

    /**
     * One chat-completions call with its own settings: the model, the {@code response_format}
     * (null: {@code json_object}; e.g. a {@code json_schema} one), the guard that times and
     * retries it ({@link #guard(Duration, int)}), and the error code of an answer that is not the
     * JSON object asked for when the retries are spent (null: PROVIDER_UNAVAILABLE).
     */
    public record ChatCall(
            String system,
            String user,
            String model,
            JsonNode responseFormat,
            Guard guard,
            Duration timeout,
            int maxRetries,
            String invalidCode) {}

    /** {@link #chatJson(String, String, Function)} with the settings of {@code call}. */
    public <T> T chatJson(ChatCall call, Function<JsonNode, T> validate) {
        ObjectNode body = mapper.createObjectNode().put("model", call.model()).put("temperature", 0.2);
        body.putArray("messages").add(message("system", call.system())).add(message("user", call.user()));
        if (call.responseFormat() == null) {
            body.putObject("response_format").put("type", "json_object");
        } else {
            body.set("response_format", call.responseFormat());
        }
        URI uri = endpoint(config.provider().baseUrl().orElseThrow(), "chat/completions");
        return guarded(call.guard(), "chat completions", call.timeout(), call.maxRetries(), () -> {
            HttpResponse<String> response =
                    send(uri, body, config.provider().apiKey(), call.timeout(), HttpResponse.BodyHandlers.ofString());
            JsonNode content;
            try {
                JsonNode answer = mapper.readTree(response.body());
                JsonNode text = answer.path("choices").path(0).path("message").path("content");
                if (!text.isTextual()) {
                    throw new ProviderException(
                            "the answer has no choices[0].message.content", true, -1, call.invalidCode());
                }
                content = mapper.readTree(text.asText());
            } catch (IOException e) {
                throw new ProviderException(
                        "the answer is not the JSON asked for: " + e.getMessage(), true, -1, call.invalidCode());
            }
            if (content == null || !content.isObject()) {
                throw new ProviderException("the answer is not a JSON object", true, -1, call.invalidCode());
            }
            return validate.apply(content);
        });
    }

    /**
     * A guard like the chat one (retries with backoff and Retry-After, timeout per attempt) with
     * its own timeout and retries: a caller whose requests take longer than a translation batch.
     */
    public Guard guard(Duration timeout, int maxRetries) {
        return guard(timeout, maxRetries, config.provider().retryDelay());
    }

    /** Speech for {@code text}: the audio bytes in {@code format} (wav, mp3, ...). */
    public byte[] speech(String text, String voice, String format) {
        ObjectNode body = mapper.createObjectNode()
                .put("model", config.speech().model())
                .put("voice", voice)
                .put("input", text)
                .put("response_format", format);
        URI uri = endpoint(config.speech().baseUrl().orElseThrow(), "audio/speech");
        Optional<String> key =
                config.speech().apiKey().or(() -> config.provider().apiKey());
        return guarded(
                speechGuard,
                "speech",
                config.speech().timeout(),
                config.provider().maxRetries(),
                () -> {
                    byte[] audio = send(
                                    uri, body, key, config.speech().timeout(), HttpResponse.BodyHandlers.ofByteArray())
                            .body();
                    if (audio.length == 0) {
                        throw new ProviderException("the speech answer is empty", true, -1);
                    }
                    return audio;
                });
    }

    private <T> T guarded(Guard guard, String what, Duration timeout, int maxRetries, Callable<T> call) {
        try {
            @SuppressWarnings("unchecked")
            T result = (T) guard.call((Callable<Object>) call, Object.class);
            return result;
        } catch (ProviderException e) {
            String code = e.code() != null ? e.code() : e.retryable() ? "PROVIDER_UNAVAILABLE" : "PROVIDER_REJECTED";
            throw new JobFailure(code, "The " + what + " provider failed: " + e.getMessage(), e);
        } catch (TimeoutException e) {
            throw new JobFailure(
                    "PROVIDER_TIMEOUT",
                    "The " + what + " provider did not answer in time (" + timeout.toSeconds() + " s per attempt, "
                            + (maxRetries + 1) + " attempts)",
                    e);
        } catch (JobFailure e) {
            throw e;
        } catch (Exception e) {
            throw new JobFailure("PROVIDER_UNAVAILABLE", "The " + what + " provider failed: " + e, e);
        }
    }

    private <B> HttpResponse<B> send(
            URI uri, JsonNode body, Optional<String> key, Duration timeout, HttpResponse.BodyHandler<B> handler) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        key.filter(k -> !k.isBlank()).ifPresent(k -> request.header("Authorization", "Bearer " + k));
        HttpResponse<B> response;
        try {
            response = http.send(request.build(), handler);
        } catch (HttpTimeoutException e) {
            throw new TimeoutException("no answer within " + timeout.toSeconds() + " s");
        } catch (IOException e) {
            throw new ProviderException("network error: " + e, true, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TimeoutException("interrupted");
        }
        int status = response.statusCode();
        if (status == 429) {
            throw new ProviderException("429 Too Many Requests", true, retryAfter(response));
        }
        if (status >= 500) {
            throw new ProviderException("HTTP " + status, true, retryAfter(response));
        }
        if (status >= 400) {
            throw new ProviderException("HTTP " + status + " (check language.provider.* configuration)", false, -1);
        }
        return response;
    }

    /** Retry-After in seconds (or an HTTP date), capped by {@code max-retry-after}; -1 when absent. */
    private long retryAfter(HttpResponse<?> response) {
        Optional<String> header = response.headers().firstValue("Retry-After");
        if (header.isEmpty()) {
            return -1;
        }
        long max = config.provider().maxRetryAfter().toMillis();
        String value = header.get().strip();
        try {
            return Math.min(max, Math.max(0, Long.parseLong(value)) * 1000);
        } catch (NumberFormatException e) {
            try {
                long at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant()
                        .toEpochMilli();
                return Math.min(max, Math.max(0, at - System.currentTimeMillis()));
            } catch (RuntimeException ignored) {
                return -1;
            }
        }
    }

    private static Guard guard(Duration timeout, int maxRetries, Duration retryDelay) {
        long base = retryDelay.toMillis();
        return Guard.create()
                .withRetry()
                .maxRetries(maxRetries)
                .whenException(e -> e instanceof TimeoutException || e instanceof ProviderException p && p.retryable())
                .maxDuration(30, ChronoUnit.MINUTES)
                .withCustomBackoff()
                .strategy(() -> new CustomBackoffStrategy() {
                    private int retries;

                    @Override
                    public long nextDelayInMillis(Throwable failure) {
                        retries++;
                        if (failure instanceof ProviderException p && p.retryAfterMillis() >= 0) {
                            Log.debugf("Provider asked to retry after %s ms", String.valueOf(p.retryAfterMillis()));
                            return p.retryAfterMillis();
                        }
                        return base * (1L << Math.min(retries - 1, 6));
                    }
                })
                .done()
                .done()
                .withTimeout()
                .duration(timeout.toMillis(), ChronoUnit.MILLIS)
                .done()
                .build();
    }

    private static URI endpoint(String baseUrl, String path) {
        String base = baseUrl.endsWith("/") ? baseUrl : baseUrl + "/";
        return URI.create(base + path);
    }

    private ObjectNode message(String role, String content) {
        return mapper.createObjectNode().put("role", role).put("content", content);
    }
}
