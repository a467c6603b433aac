package org.courseplatform.platform.testing;

import static io.restassured.RestAssured.given;

import java.util.OptionalDouble;

/**
 * The running service's {@code /q/metrics}, read as Prometheus reads it: one sample per line,
 * {@code name{labels} value}. Tests look samples up by the series as written there.
 */
public final class Metrics {

    private final String text;

    /** The text format 0.0.4 ends a label set with a comma ({@code {a="b",}}); dropped here. */
    private Metrics(String text) {
        this.text = text.replace(",} ", "} ");
    }

    /** Scrapes the service under test (RestAssured's base URI and port). */
    public static Metrics scrape() {
        return new Metrics(given().accept("text/plain")
                .get("/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString());
    }

    /**
     * The value of a series: {@code name} alone for a series without labels, else the name and
     * the labels in the order the registry writes them (alphabetical), e.g.
     * {@code webhook_delivery_attempts_total{outcome="failed"}}. Empty when the series is absent.
     */
    public OptionalDouble value(String series) {
        for (String line : text.split("\n")) {
            if (line.startsWith(series + " ")) {
                return OptionalDouble.of(Double.parseDouble(
                        line.substring(series.length() + 1).trim().split(" ")[0]));
            }
        }
        return OptionalDouble.empty();
    }

    /** The value of a series that must exist. */
    public double require(String series) {
        return value(series).orElseThrow(() -> new AssertionError(series + " is not in /q/metrics"));
    }

    /** Whether any series of this name (with any labels) is exported. */
    public boolean has(String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                return true;
            }
        }
        return false;
    }

    public String text() {
        return text;
    }
}
