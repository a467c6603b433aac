package org.courseplatform.platform.auth;

import java.util.Locale;

/** Workspace plans, in ascending order of what they include. */
public enum Plan {
    STARTER,
    BUILD,
    SCALE,
    ENTERPRISE;

    public boolean atLeast(Plan other) {
        return ordinal() >= other.ordinal();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Plan fromWire(String value) {
        for (Plan plan : values()) {
            if (plan.wireName().equals(value)) {
                return plan;
            }
        }
        throw new IllegalArgumentException("unknown plan " + value);
    }
}
