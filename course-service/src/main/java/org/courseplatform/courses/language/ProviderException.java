package org.courseplatform.courses.language;

/**
 * One failed attempt at a provider: retried by the guard while {@code retryable}, with the pause
 * the provider asked for ({@code Retry-After}) when it named one.
 */
public class ProviderException extends RuntimeException {

    private final boolean retryable;
    private final long retryAfterMillis;
    private final String code;

    public ProviderException(String message, boolean retryable, long retryAfterMillis) {
        this(message, retryable, retryAfterMillis, null);
    }

    /** With {@code code}: the job's error code when this is the last attempt's failure (e.g. INVALID_OUTPUT). */
    public ProviderException(String message, boolean retryable, long retryAfterMillis, String code) {
        super(message);
        this.retryable = retryable;
        this.retryAfterMillis = retryAfterMillis;
        this.code = code;
    }

    /** The job error code this failure stands for; null: PROVIDER_UNAVAILABLE or PROVIDER_REJECTED. */
    public String code() {
        return code;
    }

    public boolean retryable() {
        return retryable;
    }

    /** The provider's Retry-After in milliseconds; -1 when it gave none. */
    public long retryAfterMillis() {
        return retryAfterMillis;
    }
}
