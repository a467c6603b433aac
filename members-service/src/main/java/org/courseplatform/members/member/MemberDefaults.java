package org.courseplatform.members.member;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code timezone} and {@code locale} of a member created without them: the spec has them
 * "auto-detected if omitted". A tenant backend's call says nothing about the person's clock, so
 * the timezone is the platform default, UTC. The locale is the best match of the request's
 * {@code Accept-Language}, which a backend passes on from its user's browser (or sets for its
 * audience): the highest-weighted range naming a known ISO 639 language (and, if it has one, a
 * known ISO 3166 region); without one, the platform default {@code en}. Neither is ever stored null.
 */
final class MemberDefaults {

    static final String TIMEZONE = "UTC";
    static final String LOCALE = "en";

    private static final Set<String> LANGUAGES = Set.of(Locale.getISOLanguages());
    private static final Set<String> REGIONS = Set.of(Locale.getISOCountries());
    /** Longer headers are not read: no browser sends one, and parsing stays cheap. */
    private static final int MAX_HEADER = 1000;

    private MemberDefaults() {}

    /** The locale for a member created with this {@code Accept-Language} (null: none sent). */
    static String locale(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank() || acceptLanguage.length() > MAX_HEADER) {
            return LOCALE;
        }
        List<Locale.LanguageRange> ranges;
        try {
            ranges = Locale.LanguageRange.parse(acceptLanguage);
        } catch (IllegalArgumentException malformed) {
            return LOCALE;
        }
        // Sorted by weight, highest first; a weight of 0 means "not this one".
        for (Locale.LanguageRange range : ranges) {
            if (range.getWeight() <= 0 || range.getRange().contains("*")) {
                continue;
            }
            Locale asked = Locale.forLanguageTag(range.getRange());
            if (!LANGUAGES.contains(asked.getLanguage())
                    || !asked.getCountry().isEmpty() && !REGIONS.contains(asked.getCountry())) {
                continue;
            }
            return new Locale.Builder()
                    .setLanguage(asked.getLanguage())
                    .setRegion(asked.getCountry())
                    .build()
                    .toLanguageTag();
        }
        return LOCALE;
    }
}
