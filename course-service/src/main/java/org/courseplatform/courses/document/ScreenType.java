package org.courseplatform.courses.document;

import java.util.Optional;

/**
 * The Builder 2 screen types. API.md fixes the pairs ({@code blocks} = 1, {@code blocksQuiz} = 2):
 * clients may name a type by either, so both must stay stable.
 */
public enum ScreenType {
    /** A free-form screen of content blocks. */
    BLOCKS("blocks", 1),
    /** A screen that is scored: it holds the questions of a quiz. */
    BLOCKS_QUIZ("blocksQuiz", 2);

    private final String typeName;
    private final int typeId;

    ScreenType(String typeName, int typeId) {
        this.typeName = typeName;
        this.typeId = typeId;
    }

    /** The name used in documents and requests ({@code "blocks"}). */
    public String typeName() {
        return typeName;
    }

    /** The numeric id used in documents and requests ({@code 1}). */
    public int typeId() {
        return typeId;
    }

    public static Optional<ScreenType> byName(String name) {
        for (ScreenType t : values()) {
            if (t.typeName.equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    public static Optional<ScreenType> byId(int id) {
        for (ScreenType t : values()) {
            if (t.typeId == id) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** The names joined for error messages: {@code "blocks or blocksQuiz"}. */
    static String names() {
        return "blocks or blocksQuiz";
    }
}
