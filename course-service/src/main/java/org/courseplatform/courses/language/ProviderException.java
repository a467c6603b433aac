package org.courseplatform.courses.language;

/**
 * One failed attempt at a provider: retried by the guard while {@code retryable}, with the pause
 * the provider asked for ({@code Retry-After}) when it named one.
 */
public class ProviderException extends RuntimeException {

    private final boolean retryable;
    private final long retryAfterMillis;

    public ProviderException(String message, boolean retryable, long retryAfterMillis) {
        super(message);
        this.retryable = retryable;
        this.retryAfterMillis = retryAfterMillis;
    }

    public boolean retryable() {
        return retryable;
    }

    /** The provider's Retry-After in milliseconds; -1 when it gave none. */
    public long retryAfterMillis() {
        return retryAfterMillis;
    }
}
