package org.courseplatform.courses.generation;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.courseplatform.courses.language.WritingVoice;

/**
 * The built-in generator: no network, no model. It cannot write a course, so it writes its
 * structure from the prompt and leaves the copy to an author: the title and the screen titles come
 * from the prompt's key phrases (then from a fixed list of screen purposes), flip cards name the
 * prompt's terms, and every text an author must write starts with {@value #PLACEHOLDER} and says
 * what to write for the audience, familiarity and tone asked for. The cover's notes say the course
 * was generated offline and repeat the workspace's brand voice; the description says so too. Its
 * scaffolding is English whatever the course's locale. Deterministic: the same brief gives the same
 * course.
 */
@ApplicationScoped
public class OfflineCourseGenerator implements CourseGenerator {

    /** Starts every text an author has to replace, so that it can be searched for. */
    public static final String PLACEHOLDER = "[Placeholder]";

    static final int MAX_TITLE = 120;
    static final int CARDS_PER_SCREEN = 3;

    /** Splits a prompt into candidate phrases: punctuation, line breaks and joining words. */
    private static final Pattern CLAUSES = Pattern.compile(
            "[\\n\\r.;:!?•·|()\\[\\]\"“”]+|,|\\s[-–—]\\s|\\s+(?:and|or|with|including|such as|plus|then|versus|vs|for|as well as|like)\\s+",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'’-]*");
    /** Words that start or end a phrase without carrying its meaning ("create a course about", "the"). */
    private static final Set<String> FILLER = Set.of(
            "a",
            "an",
            "the",
            "create",
            "make",
            "write",
            "build",
            "generate",
            "design",
            "develop",
            "produce",
            "course",
            "courses",
            "module",
            "modules",
            "lesson",
            "lessons",
            "training",
            "class",
            "workshop",
            "tutorial",
            "about",
            "on",
            "of",
            "to",
            "in",
            "into",
            "at",
            "by",
            "from",
            "how",
            "what",
            "why",
            "when",
            "where",
            "who",
            "which",
            "that",
            "this",
            "these",
            "those",
            "teach",
            "teaches",
            "teaching",
            "learn",
            "learning",
            "learners",
            "introduction",
            "intro",
            "introduce",
            "introducing",
            "explain",
            "explaining",
            "explains",
            "cover",
            "covers",
            "covering",
            "covered",
            "discuss",
            "discussing",
            "i",
            "we",
            "you",
            "they",
            "our",
            "my",
            "your",
            "their",
            "its",
            "it",
            "want",
            "wants",
            "need",
            "needs",
            "please",
            "should",
            "would",
            "could",
            "can",
            "will",
            "must",
            "short",
            "quick",
            "brief",
            "simple",
            "basic",
            "some",
            "all",
            "any",
            "each",
            "every",
            "is",
            "are",
            "be",
            "being",
            "been",
            "do",
            "does",
            "help",
            "helps",
            "give",
            "gives",
            "show",
            "shows",
            "etc",
            "also",
            "so",
            "very",
            "just",
            "new",
            "staff",
            "employees",
            "team",
            "people",
            "beginners",
            "e-learning",
            "elearning",
            "online");

    @Override
    public String name() {
        return "built-in";
    }

    @Override
    public GeneratedCourse generate(Brief brief, CourseStructure plan, Optional<WritingVoice> voice) {
        List<String> phrases = phrases(brief.prompt(), brief.audience());
        String topic = phrases.isEmpty() ? firstWords(brief.prompt(), 6) : phrases.get(0);
        String title = capitalise(cut(topic, MAX_TITLE));
        List<String> rest = phrases.size() > 1 ? phrases.subList(1, phrases.size()) : List.of();
        List<String> titles = titles(rest, topic, plan.content().size());
        List<String> terms = terms(brief.prompt(), rest, titles);

        List<GeneratedCourse.Screen> screens = new ArrayList<>();
        int nextTerm = 0;
        for (int i = 0; i < plan.content().size(); i++) {
            String screenTitle = titles.get(i);
            if (plan.content().get(i) == CourseStructure.Kind.FLIPCARDS) {
                List<GeneratedCourse.Card> cards = new ArrayList<>();
                for (int c = 0; c < CARDS_PER_SCREEN; c++) {
                    String term = nextTerm < terms.size() ? terms.get(nextTerm++) : null;
                    cards.add(
                            term == null
                                    ? new GeneratedCourse.Card(
                                            PLACEHOLDER + " Term " + (c + 1),
                                            PLACEHOLDER + " What this term means, in one or two sentences.")
                                    : new GeneratedCourse.Card(
                                            capitalise(term),
                                            PLACEHOLDER + " What \u201c" + term + "\u201d means for " + brief.audience()
                                                    + ", in one or two sentences."));
                }
                screens.add(new GeneratedCourse.Screen(
                        CourseStructure.Kind.FLIPCARDS,
                        screenTitle,
                        List.of(PLACEHOLDER
                                + " One sentence on why these terms matter. Learners turn each card to check "
                                + "what they remember."),
                        List.of(),
                        cards));
            } else {
                screens.add(new GeneratedCourse.Screen(
                        CourseStructure.Kind.TEXT,
                        screenTitle,
                        List.of(
                                PLACEHOLDER + " Explain \u201c" + screenTitle + "\u201d to " + brief.audience() + ". "
                                        + pitch(brief.familiarity()) + " Keep the tone " + brief.tone() + ".",
                                PLACEHOLDER
                                        + " Add an example from your learners' own work that shows why this matters."),
                        List.of(
                                PLACEHOLDER + " The first thing to remember",
                                PLACEHOLDER + " The second thing to remember",
                                PLACEHOLDER + " The third thing to remember"),
                        List.of()));
            }
        }

        List<GeneratedCourse.Question> questions = new ArrayList<>();
        for (int q = 0; q < plan.questions(); q++) {
            String about = q < titles.size() ? titles.get(q) : topic;
            questions.add(new GeneratedCourse.Question(
                    PLACEHOLDER + " Ask a question that checks \u201c" + about + "\u201d.",
                    List.of(
                            new GeneratedCourse.Answer(PLACEHOLDER + " The correct answer", true),
                            new GeneratedCourse.Answer(PLACEHOLDER + " A plausible wrong answer", false),
                            new GeneratedCourse.Answer(PLACEHOLDER + " Another plausible wrong answer", false)),
                    PLACEHOLDER + " Explain why the correct answer is right."));
        }
        GeneratedCourse.Quiz quiz = new GeneratedCourse.Quiz(
                "Check your understanding",
                "Answer " + questions.size()
                        + " questions to see what you remember. You can try again as often as you like.",
                questions);

        List<GeneratedCourse.Note> notes = new ArrayList<>();
        notes.add(new GeneratedCourse.Note(
                "[Author's note] Generated offline",
                "This course was generated offline from your prompt, without a language model: its structure, titles, "
                        + "flip cards and quiz are ready, its copy is not. Replace every " + PLACEHOLDER
                        + " text, written "
                        + "for " + brief.audience() + " (" + brief.familiarity() + ") in a " + brief.tone()
                        + " tone, then delete this note and publish."));
        voice.ifPresent(v -> notes.add(new GeneratedCourse.Note(
                "[Author's note] Brand voice", v.instructions() + " Delete this note before publishing.")));

        String description =
                "Generated offline from the prompt \u201c" + cut(brief.prompt().strip(), 300)
                        + "\u201d: an outline with placeholder copy. An author needs to write the course's copy (replace every "
                        + PLACEHOLDER + " text) before it is published.";
        String introduction = PLACEHOLDER + " Welcome " + brief.audience() + ": say in two sentences what they will be "
                + "able to do after this course about " + topic + ".";
        return new GeneratedCourse(title, description, introduction, notes, minutes(plan), screens, quiz);
    }

    /** A time estimate for the plan: 3 minutes a text screen, 2 a flip card screen, 1 a question, and 1 for the cover. */
    static int minutes(CourseStructure plan) {
        int minutes = 1 + plan.questions();
        for (CourseStructure.Kind kind : plan.content()) {
            minutes += kind == CourseStructure.Kind.TEXT ? 3 : 2;
        }
        return minutes;
    }

    /** How to pitch the copy, from the familiarity asked for. */
    static String pitch(String familiarity) {
        String f = familiarity.toLowerCase(Locale.ROOT);
        if (f.matches(".*\\b(new|none|no|beginners?|novice|never|unfamiliar|first)\\b.*")) {
            return "They are new to the topic: define every term and start from the basics.";
        }
        if (f.matches(".*\\b(expert|advanced|experienced|deep|senior|very familiar)\\b.*")) {
            return "They know the topic well: skip the basics and go into depth.";
        }
        return "They know something of the topic: recap the basics briefly, then build on them.";
    }

    /**
     * The prompt's key phrases in order: clauses cut at punctuation and joining words, trimmed of
     * filler words at both ends, at most 7 words, without repeats or phrases of the audience.
     */
    static List<String> phrases(String prompt, String audience) {
        String audienceLower = audience == null ? "" : audience.toLowerCase(Locale.ROOT);
        Map<String, String> phrases = new LinkedHashMap<>();
        for (String clause : CLAUSES.split(prompt)) {
            List<String> words = new ArrayList<>();
            var matcher = WORD.matcher(clause);
            while (matcher.find()) {
                words.add(matcher.group());
            }
            int from = 0;
            int to = words.size();
            while (from < to && FILLER.contains(words.get(from).toLowerCase(Locale.ROOT))) {
                from++;
            }
            while (to > from && FILLER.contains(words.get(to - 1).toLowerCase(Locale.ROOT))) {
                to--;
            }
            if (from >= to) {
                continue;
            }
            List<String> kept = words.subList(from, Math.min(to, from + 7));
            String phrase = String.join(" ", kept);
            String key = phrase.toLowerCase(Locale.ROOT);
            if (phrase.length() < 3 || !audienceLower.isEmpty() && audienceLower.contains(key)) {
                continue;
            }
            phrases.putIfAbsent(key, cut(phrase, 80));
        }
        return new ArrayList<>(phrases.values());
    }

    /** Screen titles: the key phrases, then the purposes every course has, then numbered key points. */
    static List<String> titles(List<String> phrases, String topic, int count) {
        List<String> candidates = new ArrayList<>();
        phrases.forEach(p -> candidates.add(capitalise(p)));
        String t = cut(topic, 60);
        for (String purpose : List.of(
                "Why " + t + " matters",
                "Key terms",
                capitalise(t) + " in practice",
                "Common mistakes",
                "A worked example",
                "Good habits",
                "Putting it together",
                "Summary")) {
            if (candidates.stream().noneMatch(c -> c.equalsIgnoreCase(purpose))) {
                candidates.add(purpose);
            }
        }
        List<String> titles = new ArrayList<>(candidates.subList(0, Math.min(count, candidates.size())));
        for (int i = titles.size(); i < count; i++) {
            titles.add("Key point " + (i + 1));
        }
        return titles;
    }

    /**
     * Terms for flip cards: phrases not used as a title, then the prompt's longer words (5 letters
     * or more, not filler), in the order they first appear.
     */
    static List<String> terms(String prompt, List<String> phrases, List<String> titles) {
        Map<String, String> terms = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        titles.forEach(t -> used.add(t.toLowerCase(Locale.ROOT)));
        for (String phrase : phrases) {
            if (!used.contains(phrase.toLowerCase(Locale.ROOT))) {
                terms.putIfAbsent(phrase.toLowerCase(Locale.ROOT), phrase);
            }
        }
        var matcher = WORD.matcher(prompt);
        while (matcher.find()) {
            String word = matcher.group();
            String key = word.toLowerCase(Locale.ROOT);
            if (word.length() >= 5 && !FILLER.contains(key) && !used.contains(key)) {
                terms.putIfAbsent(key, word);
            }
        }
        return new ArrayList<>(terms.values());
    }

    private static String firstWords(String text, int count) {
        List<String> words = new ArrayList<>();
        var matcher = WORD.matcher(text);
        while (matcher.find() && words.size() < count) {
            words.add(matcher.group());
        }
        return words.isEmpty() ? "Your topic" : String.join(" ", words);
    }

    static String capitalise(String text) {
        if (text.isEmpty()) {
            return text;
        }
        int first = text.codePointAt(0);
        return new StringBuilder()
                .appendCodePoint(Character.toUpperCase(first))
                .append(text.substring(Character.charCount(first)))
                .toString();
    }

    /** At most {@code max} characters, cut at a word boundary where one is near, with an ellipsis. */
    static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = text.lastIndexOf(' ', max - 1);
        if (end < max / 2) {
            end = max - 1;
        }
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end).strip() + "\u2026";
    }
}
