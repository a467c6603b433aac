package org.courseplatform.courses.generation;

import java.util.ArrayList;
import java.util.List;

/**
 * The structure of a generated course, decided by code (not by a model) from {@code screenCount}:
 * after the cover, content screens (text screens, every third one flip cards) and a closing quiz.
 * Both generators fill the same plan, so the structure is the same whichever wrote the copy.
 *
 * <ul>
 *   <li>1 screen: the quiz alone (questions and the score on one {@code blocksQuiz} screen);</li>
 *   <li>2-3: one or two content screens, then that one-screen quiz;</li>
 *   <li>4-7: content screens, a question screen and a results screen;</li>
 *   <li>8 and more: content screens, then a quiz cover, a question screen and a results screen.</li>
 * </ul>
 *
 * @param content   the kind of each content screen, in order
 * @param quiz      how the quiz is laid out
 * @param questions how many questions the quiz asks (one per content screen, 2 to 10)
 */
public record CourseStructure(List<Kind> content, QuizLayout quiz, int questions) {

    /** A content screen: prose with key points, or flip cards. */
    public enum Kind {
        TEXT,
        FLIPCARDS
    }

    /** {@code SINGLE}: one screen; {@code SPLIT}: questions, results; {@code FULL}: cover, questions, results. */
    public enum QuizLayout {
        SINGLE(1),
        SPLIT(2),
        FULL(3);

        final int screens;

        QuizLayout(int screens) {
            this.screens = screens;
        }
    }

    public static CourseStructure of(int screenCount) {
        QuizLayout quiz = screenCount <= 3 ? QuizLayout.SINGLE : screenCount <= 7 ? QuizLayout.SPLIT : QuizLayout.FULL;
        int contentScreens = Math.max(0, screenCount - quiz.screens);
        List<Kind> content = new ArrayList<>();
        for (int i = 0; i < contentScreens; i++) {
            content.add(i % 3 == 1 ? Kind.FLIPCARDS : Kind.TEXT);
        }
        return new CourseStructure(List.copyOf(content), quiz, Math.max(2, Math.min(10, contentScreens)));
    }

    /** Screens after the cover. */
    public int screenCount() {
        return content.size() + quiz.screens;
    }
}
