package org.courseplatform.platform.web;

import java.io.IOException;

/**
 * Recognises a form or multipart body the REST layer could not decode (bad percent-encoding,
 * a truncated body, a wrong boundary). Its parser throws plain IllegalArgumentException and
 * IOException, so the place it threw from is the only reliable sign that the client is at fault.
 */
final class MalformedBodies {

    static final String MESSAGE =
            "The form body could not be decoded: check its percent-encoding, or the multipart boundary and that the body is complete";

    private static final String FORM_PARSERS = "org.jboss.resteasy.reactive.server.core.multipart.";
    private static final String URL_DECODER = "org.jboss.resteasy.reactive.common.util.URLUtils";

    static final String TOO_MANY_FIELDS = "The form has more fields than this endpoint accepts";

    private static final String FORM_DATA = "org.jboss.resteasy.reactive.server.core.multipart.FormData";

    private MalformedBodies() {}

    /** The form parser's plain RuntimeException for a form with more fields than its limit (1,000). */
    static boolean isTooManyFields(Throwable failure) {
        for (Throwable t = failure; t != null && t != t.getCause(); t = t.getCause()) {
            StackTraceElement[] frames = t.getStackTrace();
            if (t.getMessage() != null
                    && t.getMessage().startsWith("Param limit of")
                    && frames.length > 0
                    && frames[0].getClassName().equals(FORM_DATA)) {
                return true;
            }
        }
        return false;
    }

    static boolean isMalformedBody(Throwable failure) {
        for (Throwable t = failure; t != null && t != t.getCause(); t = t.getCause()) {
            if (!(t instanceof IllegalArgumentException || t instanceof IOException)) {
                continue;
            }
            StackTraceElement[] frames = t.getStackTrace();
            for (int i = 0; i < frames.length && i < 8; i++) {
                String type = frames[i].getClassName();
                if (type.startsWith(FORM_PARSERS) || type.equals(URL_DECODER)) {
                    return true;
                }
            }
        }
        return false;
    }
}
