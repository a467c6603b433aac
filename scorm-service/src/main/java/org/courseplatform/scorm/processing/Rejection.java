package org.courseplatform.scorm.processing;

/**
 * A package refused for good: {@code code} is one of the SCORM rejection codes of the spec and
 * {@code getMessage()} the sentence a person reads in {@code error}.
 */
public class Rejection extends Exception {

    public static final String NOT_ZIP = "not_zip";
    public static final String ZIP_BOMB = "zip_bomb";
    public static final String TOO_MANY_FILES = "too_many_files";
    public static final String UNSAFE_PATHS = "unsafe_paths";
    public static final String NO_MANIFEST = "no_manifest";
    public static final String UNSUPPORTED_VERSION = "unsupported_version";
    public static final String SEQUENCING_PRESENT = "sequencing_present";
    public static final String NO_LAUNCHABLE_SCO = "no_launchable_sco";

    private final String code;

    public Rejection(String code, String sentence) {
        super(sentence, null, false, false);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
