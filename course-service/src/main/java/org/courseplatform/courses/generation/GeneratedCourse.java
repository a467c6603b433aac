package org.courseplatform.courses.generation;

import java.util.List;

/**
 * A course's copy as a generator wrote it, in plain text, before {@link DocumentAssembler} turns
 * it into a Builder 2 document (with ids, HTML and layout that only our code decides). Each
 * screen matches the {@link CourseStructure}'s kind at its position.
 *
 * @param notes   author's notes for the cover (offline generation: what to replace; the brand voice)
 * @param minutes the time estimate shown on the cover
 */
public record GeneratedCourse(
        String title,
        String description,
        String introduction,
        List<Note> notes,
        int minutes,
        List<Screen> screens,
        Quiz quiz) {

    /** A note to the author, shown as a callout on the cover until the author deletes it. */
    public record Note(String title, String text) {}

    /** A content screen: paragraphs and key points (text), or cards (flip cards) after an optional intro. */
    public record Screen(
            CourseStructure.Kind kind,
            String title,
            List<String> paragraphs,
            List<String> keyPoints,
            List<Card> cards) {}

    public record Card(String front, String back) {}

    public record Quiz(String title, String introduction, List<Question> questions) {}

    public record Question(String question, List<Answer> answers, String feedback) {}

    public record Answer(String text, boolean correct) {}
}
