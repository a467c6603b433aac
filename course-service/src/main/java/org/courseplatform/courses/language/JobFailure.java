package org.courseplatform.courses.language;

/**
 * A job cannot complete, for a reason worth telling the person who asked: the job ends
 * {@code failed} with this code and message, and nothing it would have written is written.
 */
public class JobFailure extends RuntimeException {

    private final String code;

    public JobFailure(String code, String message) {
        super(message);
        this.code = code;
    }

    public JobFailure(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
