package org.courseplatform.courses.document;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A course document that passed {@link CourseDocuments#parse}, with the facts the course record
 * keeps in columns (so lists never have to open the document).
 *
 * @param format               {@code classic} or {@code builder2}
 * @param title                the document's title, as written
 * @param description          the document's description, or null
 * @param locale               the base locale; {@link CourseDocuments#DEFAULT_LOCALE} when the document names none
 * @param screenCount          number of screens (Builder 2) or slides (Classic)
 * @param timeEstimateMinutes  {@code minutes} of the first {@code timeEstimate} element on the first screen, else null
 *                             (always null for Classic)
 * @param document             a normalised deep copy of the input, safe to store
 */
public record ParsedDocument(
        String format,
        String title,
        String description,
        String locale,
        int screenCount,
        Integer timeEstimateMinutes,
        ObjectNode document) {}
