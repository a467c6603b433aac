package org.courseplatform.migrations.course;

/** course-service answered an error; {@link #definitive()} ones are not worth retrying. */
public class CourseCallException extends RuntimeException {

    private final int status;

    public CourseCallException(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** A 4xx other than 408 and 429: the same request would get the same answer. */
    public boolean definitive() {
        return status >= 400 && status < 500 && status != 408 && status != 429;
    }
}
