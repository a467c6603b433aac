package org.courseplatform.courses.layout;

/**
 * A catalogue layout as GET /v1/headless/layouts lists it (the spec allows exactly these four
 * fields, no thumbnails).
 *
 * @param id         stable id passed back as {@code layoutId} ({@code "text-image-left"})
 * @param name       English display name
 * @param category   {@code text}, {@code media}, {@code interactive} or {@code quiz}
 * @param screenType the type of the screen it makes ({@code blocks}); for quiz layouts the type of
 *                   the question screen ({@code blocksQuiz})
 */
public record Layout(String id, String name, String category, String screenType) {}
