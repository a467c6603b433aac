package org.courseplatform.courses.language;

import java.util.List;

/**
 * The brand voice as a provider writes in it: how a workspace or tenant wants its courses to sound,
 * read from its {@code brandvoice.BrandVoice} settings and turned into a model's instructions.
 */
public record WritingVoice(
        String name, String tone, String audience, List<String> dos, List<String> donts, List<Term> vocabulary) {

    /** A term with how to use it. */
    public record Term(String term, String note) {}

    /** The voice as instructions for a model's system prompt. */
    public String instructions() {
        StringBuilder text = new StringBuilder("Write in this brand voice");
        if (name != null && !name.isBlank()) {
            text.append(" (").append(name).append(')');
        }
        text.append(".");
        if (tone != null && !tone.isBlank()) {
            text.append(" Tone: ").append(tone).append('.');
        }
        if (audience != null && !audience.isBlank()) {
            text.append(" Audience: ").append(audience).append('.');
        }
        if (dos != null && !dos.isEmpty()) {
            text.append(" Do: ").append(String.join("; ", dos)).append('.');
        }
        if (donts != null && !donts.isEmpty()) {
            text.append(" Don't: ").append(String.join("; ", donts)).append('.');
        }
        if (vocabulary != null && !vocabulary.isEmpty()) {
            text.append(" Vocabulary:");
            for (Term term : vocabulary) {
                text.append(" \"").append(term.term()).append('"');
                if (term.note() != null && !term.note().isBlank()) {
                    text.append(" (").append(term.note()).append(')');
                }
                text.append(';');
            }
        }
        return text.toString();
    }
}
