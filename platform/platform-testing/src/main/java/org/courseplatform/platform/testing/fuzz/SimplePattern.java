package org.courseplatform.platform.testing.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A string matching a simple regular expression: literals, escapes ({@code \d \w \s} and escaped
 * punctuation), character classes with ranges, and the quantifiers {@code ? * + {n} {n,m}}, with
 * optional anchors. Anything else (groups, alternation, look-arounds) is not simple: null.
 */
final class SimplePattern {

    private SimplePattern() {}

    static String sample(String pattern, Random random) {
        String p = pattern;
        if (p.startsWith("^")) {
            p = p.substring(1);
        }
        if (p.endsWith("$") && !p.endsWith("\\$")) {
            p = p.substring(0, p.length() - 1);
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < p.length()) {
            char c = p.charAt(i);
            List<Character> choices = new ArrayList<>();
            if (c == '(' || c == ')' || c == '|' || c == '{' || c == '}' || c == '*' || c == '+' || c == '?') {
                return null;
            }
            if (c == '[') {
                int end = p.indexOf(']', i + 2);
                if (end < 0 || p.charAt(i + 1) == '^') {
                    return null;
                }
                if (!characterClass(p.substring(i + 1, end), choices)) {
                    return null;
                }
                i = end + 1;
            } else if (c == '\\') {
                if (i + 1 >= p.length()) {
                    return null;
                }
                char e = p.charAt(i + 1);
                switch (e) {
                    case 'd' -> addRange(choices, '0', '9');
                    case 'w' -> {
                        addRange(choices, 'a', 'z');
                        addRange(choices, '0', '9');
                    }
                    case 's' -> choices.add(' ');
                    default -> {
                        if (Character.isLetterOrDigit(e)) {
                            return null;
                        }
                        choices.add(e);
                    }
                }
                i += 2;
            } else if (c == '.') {
                addRange(choices, 'a', 'z');
                i++;
            } else {
                choices.add(c);
                i++;
            }
            int min = 1;
            int max = 1;
            if (i < p.length()) {
                char q = p.charAt(i);
                if (q == '?' || q == '*') {
                    i++;
                } else if (q == '+') {
                    max = 3;
                    i++;
                } else if (q == '{') {
                    int close = p.indexOf('}', i);
                    if (close < 0) {
                        return null;
                    }
                    String[] bounds = p.substring(i + 1, close).split(",", -1);
                    try {
                        min = Integer.parseInt(bounds[0].trim());
                        max = bounds.length == 1
                                ? min
                                : bounds[1].isBlank() ? min + 3 : Integer.parseInt(bounds[1].trim());
                    } catch (NumberFormatException ex) {
                        return null;
                    }
                    if (min > 1000 || max < min) {
                        return null;
                    }
                    i = close + 1;
                }
            }
            int count = min + (max > min ? random.nextInt(Math.min(max, min + 8) - min + 1) : 0);
            for (int n = 0; n < count; n++) {
                out.append(choices.get(random.nextInt(choices.size())));
            }
        }
        return out.toString();
    }

    private static boolean characterClass(String body, List<Character> into) {
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 1 < body.length()) {
                char e = body.charAt(++i);
                if (e == 'd') {
                    addRange(into, '0', '9');
                } else if (e == 'w') {
                    addRange(into, 'a', 'z');
                } else if (Character.isLetterOrDigit(e)) {
                    return false;
                } else {
                    into.add(e);
                }
            } else if (i + 2 < body.length() && body.charAt(i + 1) == '-') {
                addRange(into, c, body.charAt(i + 2));
                i += 2;
            } else {
                into.add(c);
            }
        }
        return !into.isEmpty();
    }

    private static void addRange(List<Character> into, char from, char to) {
        for (char c = from; c <= to; c++) {
            into.add(c);
        }
    }
}
