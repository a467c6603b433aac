package org.courseplatform.platform.testing.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The ways the fuzzer breaks a valid request. Each kind has variants, picked by the run's
 * {@link Random}; reports deduplicate on the kind. A kind applies only where it means something
 * (no JSON-field mutations without a JSON body, no path mutations without path parameters).
 */
enum Mutation {

    /** The valid request itself: it must not fail either, and its answers give ids for later requests. */
    VALID {
        @Override
        void apply(Draft d, Random r) {
            d.variant = "valid request";
        }
    },
    WRONG_TYPE {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            JsonNode[] others = {
                text("x"),
                text("1"),
                text("true"),
                JSON.numberNode(1),
                JSON.numberNode(1.5),
                JSON.booleanNode(true),
                JSON.arrayNode(),
                JSON.objectNode(),
                JSON.arrayNode().add(1).add("a"),
                JSON.objectNode().put("a", 1)
            };
            JsonNode replacement = others[r.nextInt(others.length)];
            setField(d, r, replacement, "wrong type " + replacement);
        }
    },
    NULL_FIELD {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            setField(d, r, JSON.nullNode(), "null value");
        }
    },
    MISSING_FIELD {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            List<Map.Entry<ObjectNode, String>> fields = d.fields();
            int draw = r.nextInt(1 << 20);
            if (fields.isEmpty()) {
                d.variant = "no field to remove";
                return;
            }
            Map.Entry<ObjectNode, String> field = fields.get(draw % fields.size());
            field.getKey().remove(field.getValue());
            d.variant = "without " + field.getValue();
        }
    },
    UNKNOWN_FIELD {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            String[] names = {
                "fuzzUnknown", "id", "__proto__", "constructor", "workspaceId", "", "a.b", "$where", "ÿ\u0000"
            };
            String name = names[r.nextInt(names.length)];
            ObjectNode target = d.json instanceof ObjectNode root ? root : null;
            List<Map.Entry<ObjectNode, String>> fields = d.fields();
            int draw = r.nextInt(1 << 20);
            if (!fields.isEmpty() && draw % 3 == 0) {
                target = fields.get(draw % fields.size()).getKey();
            }
            if (target == null) {
                d.json = JSON.objectNode();
                target = (ObjectNode) d.json;
            }
            target.put(name, 1);
            d.variant = "unknown field \"" + FuzzRequest.excerpt(name, 20) + "\"";
        }
    },
    DUPLICATE_KEY {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            int draw = r.nextInt(1 << 20);
            List<Map.Entry<ObjectNode, String>> nested = d.fields().stream()
                    .filter(f -> f.getKey().get(f.getValue()) instanceof ObjectNode child && !child.isEmpty())
                    .toList();
            if (!nested.isEmpty() && draw % 3 == 0) {
                Map.Entry<ObjectNode, String> field = nested.get(draw % nested.size());
                ObjectNode child = (ObjectNode) field.getKey().get(field.getValue());
                String name = child.properties().iterator().next().getKey();
                field.getKey().set(field.getValue(), d.rawJson(duplicated(child, name, draw)));
                d.variant = "duplicate key \"" + name + "\" in " + field.getValue();
            } else if (d.json instanceof ObjectNode root && !root.isEmpty()) {
                List<String> names =
                        root.properties().stream().map(Map.Entry::getKey).toList();
                String name = names.get(draw % names.size());
                d.raw = duplicated(root, name, draw).getBytes(StandardCharsets.UTF_8);
                d.variant = "duplicate key \"" + name + "\"";
            } else {
                d.raw = "{\"name\":\"x\",\"name\":\"x\"}".getBytes(StandardCharsets.UTF_8);
                d.variant = "duplicate key \"name\"";
            }
        }
    },
    HUGE_STRING {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            String[] units = {"a", "é", "<", "9", "\uD83D\uDE00", " "};
            String unit = units[r.nextInt(units.length)];
            setField(d, r, text(unit.repeat(100_000 / unit.length())), "100k-char string of '" + unit + "'");
        }
    },
    CONTROL_CHARS {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody() || !o.in("query").isEmpty();
        }

        @Override
        void apply(Draft d, Random r) {
            if (!d.operation.hasJsonBody() || !d.operation.in("query").isEmpty() && r.nextBoolean()) {
                String[] values = {"%00", "a%00b", "%01%02%1F%7F", "%0D%0A", "%E2%80%AE", "%EF%BF%BF", "%C0%80"};
                String value = values[r.nextInt(values.length)];
                setQuery(d, r, value);
                d.variant = "query value " + value;
                return;
            }
            String[] values = {
                "\u0000", "a\u0000b", "\u0001\u001f\u007f", "\r\n\t", "\u2028\u2029", "\uFEFF", "\uFFFF", "\u202E"
            };
            int pick = r.nextInt(values.length + 2);
            if (pick >= values.length) {
                String lone = pick == values.length ? "\"\\ud800x\"" : "\"\\udfff\"";
                setField(d, r, d.rawJson(lone), "lone surrogate " + lone);
            } else {
                setField(d, r, text(values[pick]), "control characters " + FuzzRequest.excerpt(values[pick], 40));
            }
        }
    },
    DEEP_NESTING {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            int depth = r.nextBoolean() ? 990 : 5_000;
            boolean arrays = r.nextBoolean();
            String nested =
                    arrays ? "[".repeat(depth) + "]".repeat(depth) : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
            if (r.nextInt(4) == 0) {
                d.raw = nested.getBytes(StandardCharsets.UTF_8);
                d.variant = depth + " nested " + (arrays ? "arrays" : "objects") + " as the body";
            } else {
                setField(d, r, d.rawJson(nested), depth + " nested " + (arrays ? "arrays" : "objects"));
            }
        }
    },
    ODD_NUMBER {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            String[] numbers = {
                "1e309",
                "-1e309",
                "-0",
                "2147483648",
                "-2147483649",
                "9223372036854775808",
                "-9223372036854775809",
                "\"NaN\"",
                "\"Infinity\"",
                "1.0",
                "1.5",
                "1e2",
                "0.1e-400",
                "-1",
                "0",
                "1e999999999",
                "9".repeat(1200),
                "0." + "0".repeat(2000) + "1",
                "00012",
                "NaN",
                "+1",
                ".5"
            };
            String number = numbers[r.nextInt(numbers.length)];
            setField(d, r, d.rawJson(number), "number " + FuzzRequest.excerpt(number, 30));
        }
    },
    NULL_BODY {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            d.raw = "null".getBytes(StandardCharsets.UTF_8);
            d.variant = "literal null body";
        }
    },
    EMPTY_BODY {
        @Override
        boolean applies(Operation o) {
            return !o.bodies().isEmpty();
        }

        @Override
        void apply(Draft d, Random r) {
            d.raw = new byte[0];
            d.variant = "empty body, Content-Type " + d.contentType;
        }
    },
    EMPTY_OBJECT {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            d.raw = "{}".getBytes(StandardCharsets.UTF_8);
            d.variant = "{}";
        }
    },
    WRONG_ROOT {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            String[] roots = {"[]", "[{}]", "[null]", "\"x\"", "1", "true", "[" + d.jsonText() + "]", "\"\\u0000\""};
            String root = roots[r.nextInt(roots.length)];
            d.raw = root.getBytes(StandardCharsets.UTF_8);
            d.variant = "body " + FuzzRequest.excerpt(root, 30);
        }
    },
    MALFORMED_JSON {
        @Override
        boolean applies(Operation o) {
            return o.hasJsonBody();
        }

        @Override
        void apply(Draft d, Random r) {
            String valid = d.jsonText();
            String[] variants = {
                valid.substring(0, Math.max(1, valid.length() / 2)),
                valid + "}",
                valid + " x",
                valid + valid,
                "\uFEFF" + valid,
                "{'a':1}",
                "{\"a\":}",
                "{\"a\" 1}",
                "{a:1}",
                "{\"a\":1,}",
                "{\"a\":01}",
                "{\"a\":\"\\x\"}",
                "{\"a\":\"\\u12\"}",
                "/* c */" + valid,
                "{",
                "\"",
                ",",
                "{\"a\":\"b\u0000\"}"
            };
            int pick = r.nextInt(variants.length + 1);
            if (pick == variants.length) {
                d.raw = new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
                d.variant = "invalid UTF-8";
            } else {
                d.raw = variants[pick].getBytes(StandardCharsets.UTF_8);
                d.variant = "malformed " + FuzzRequest.excerpt(variants[pick], 40);
            }
        }
    },
    CONTENT_TYPE {
        @Override
        boolean applies(Operation o) {
            return !o.method().equals("GET");
        }

        @Override
        void apply(Draft d, Random r) {
            String[] types = {
                "invalid",
                "application/json, text/plain",
                "text/plain",
                null,
                "application/json; charset=utf-16",
                "application/json; charset=nope",
                "application/xml",
                "/",
                "application/",
                ";;;",
                "application/json;;",
                "multipart/form-data",
                "application/x-www-form-urlencoded",
                "*/*",
                "application/json; charset=\"",
                "application/json; " + "x=y; ".repeat(1000),
                "text/html",
                "application/octet-stream",
                "APPLICATION/JSON",
                "application/json\t",
                "multipart/form-data; boundary=",
                "application/x-www-form-urlencoded; charset=nope"
            };
            String type = types[r.nextInt(types.length)];
            if (d.kind == Draft.Kind.NONE) {
                d.raw = "{}".getBytes(StandardCharsets.UTF_8);
            }
            d.contentType = type;
            d.variant = "Content-Type " + (type == null ? "missing" : FuzzRequest.excerpt(type, 60));
        }
    },
    FORM_GARBAGE {
        @Override
        boolean applies(Operation o) {
            return !o.method().equals("GET");
        }

        @Override
        void apply(Draft d, Random r) {
            String f = d.form.isEmpty() ? "user" : d.form.keySet().iterator().next();
            String body = switch (r.nextInt(16)) {
                case 0 -> "%%%&&&===";
                case 1 -> f + "=%ZZ&x=%";
                case 2 -> f + "=%00";
                case 3 -> f + "=1&" + f + "=2&" + f + "=x";
                case 4 -> "=&=&&==";
                case 5 -> "a";
                case 6 -> f + "=%C3%28";
                case 7 -> f + "=%01%1F%7F";
                case 8 -> f + "=9223372036854775808";
                case 9 -> f + "=-0";
                case 10 -> f + "=1e309";
                case 11 -> f + "=" + "a".repeat(2_500_000);
                case 12 -> "&".repeat(100_000);
                case 13 -> f + "=1&fuzzUnknown=1";
                case 14 -> f + "=%F0%9F%98%80";
                default -> f + "=1;" + f + "=2";
            };
            d.raw = body.getBytes(StandardCharsets.UTF_8);
            d.contentType = r.nextInt(5) == 0
                    ? "application/x-www-form-urlencoded; charset=nope"
                    : "application/x-www-form-urlencoded";
            d.variant = "form " + FuzzRequest.excerpt(body, 40) + " (" + d.contentType + ")";
        }
    },
    MULTIPART_GARBAGE {
        @Override
        boolean applies(Operation o) {
            return !o.method().equals("GET");
        }

        @Override
        void apply(Draft d, Random r) {
            String f = d.form.isEmpty() ? "user" : d.form.keySet().iterator().next();
            String b = Draft.BOUNDARY;
            String type = "multipart/form-data; boundary=" + b;
            String head = "--" + b + "\r\nContent-Disposition: form-data; name=\"" + f + "\"";
            String part = head + "\r\n\r\n1\r\n";
            String end = "--" + b + "--\r\n";
            String[] v = switch (r.nextInt(12)) {
                case 0 -> new String[] {"truncated", type, part.substring(0, part.length() - 4)};
                case 1 -> new String[] {"no closing boundary", type, part};
                case 2 -> new String[] {"wrong boundary", "multipart/form-data; boundary=other" + b, part + end};
                case 3 -> new String[] {"no boundary parameter", "multipart/form-data", part + end};
                case 4 -> new String[] {"empty", type, ""};
                case 5 -> new String[] {"part without Content-Disposition", type, "--" + b + "\r\n\r\n1\r\n" + end};
                case 6 ->
                    new String[] {
                        "1 MB file part",
                        type,
                        head + "; filename=\"../../x.txt\"\r\n" + "Content-Type: application/octet-stream\r\n\r\n"
                                + "x".repeat(1 << 20) + "\r\n" + end
                    };
                case 7 -> new String[] {"2.5 MB field", type, head + "\r\n\r\n" + "1".repeat(2_500_000) + "\r\n" + end};
                case 8 -> new String[] {"NUL in field", type, head + "\r\n\r\n1\u0000\r\n" + end};
                case 9 -> {
                    String long200 = "b".repeat(200);
                    yield new String[] {
                        "boundary of 200 chars",
                        "multipart/form-data; boundary=" + long200,
                        "--" + long200 + "\r\nContent-Disposition: form-data; name=\"" + f + "\"\r\n\r\n1\r\n--"
                                + long200 + "--\r\n"
                    };
                }
                case 10 -> new String[] {"headers only", type, head};
                default -> new String[] {"garbage", type, "%%%&&&==="};
            };
            d.raw = v[2].getBytes(StandardCharsets.UTF_8);
            d.contentType = v[1];
            d.variant = "multipart " + v[0];
        }
    },
    ODD_PATH {
        @Override
        boolean applies(Operation o) {
            return !o.in("path").isEmpty();
        }

        @Override
        void apply(Draft d, Random r) {
            String[] values = {
                "%00",
                "..%2f",
                "..%2F..%2F..%2Fetc%2Fpasswd",
                "a".repeat(3000),
                "9".repeat(5000),
                "-1",
                "0",
                "9223372036854775807",
                "9223372036854775808",
                "99999999999999999999999",
                "1e3",
                "0x1F",
                "1.5",
                "%20",
                "%E2%80%AE",
                "%C3%28",
                "%FF%FE",
                ".",
                "..",
                "%2e%2e",
                "null",
                "true",
                "%7B%7D",
                "1;x=y",
                "1%3B",
                "%0D%0AX-Injected:%201",
                "-0",
                "+1",
                "%2B1",
                "1%20OR%201%3D1",
                "%27",
                "%22",
                "%F0%9F%98%80",
                "%C0%AE",
                "1%2F2",
                "%5C",
                "~",
                "*",
                "%25",
                "1%00"
            };
            List<String> names = List.copyOf(d.path.keySet());
            String name = names.get(r.nextInt(names.size()));
            String value = values[r.nextInt(values.length)];
            d.path.put(name, value);
            d.variant = "path {" + name + "} = " + FuzzRequest.excerpt(value, 40);
        }
    },
    ODD_QUERY {
        @Override
        boolean applies(Operation o) {
            return !o.in("query").isEmpty();
        }

        @Override
        void apply(Draft d, Random r) {
            String[] values = {
                "%00",
                "",
                "-1",
                "2147483648",
                "9223372036854775808",
                "1e309",
                "NaN",
                "Infinity",
                "-0",
                "abc",
                "a".repeat(3000),
                "x".repeat(9000),
                "%C3%28",
                "%FF",
                "true",
                "[]",
                "%5B%5D",
                "null",
                "+",
                "%2B",
                "%0A",
                "%F0%9F%98%80",
                "1,2,3",
                "%27%20OR%201%3D1%20--",
                "0x10",
                "1.5",
                "%20",
                "%25",
                "1%261"
            };
            String value = values[r.nextInt(values.length)];
            int shape = r.nextInt(6);
            String name = setQuery(d, r, value);
            if (shape == 0) {
                d.query.add(new String[] {name, "1"});
                d.variant = "query " + name + " repeated, " + FuzzRequest.excerpt(value, 30);
            } else if (shape == 1) {
                d.query.removeIf(q -> q[0].equals(name));
                d.query.add(new String[] {name, null});
                d.variant = "query " + name + " without =";
            } else {
                d.variant = "query " + name + "=" + FuzzRequest.excerpt(value, 40);
            }
        }
    },
    PAGING_EXTREMES {
        @Override
        boolean applies(Operation o) {
            return o.in("query").stream().anyMatch(p -> PAGING.contains(p.name()));
        }

        @Override
        void apply(Draft d, Random r) {
            String[][] sets = {
                {"2147483647", "1000"},
                {"2147483648", "100"},
                {"0", "0"},
                {"-1", "-1"},
                {"99999999999", "99999999999"},
                {"2147483647", "2147483647"},
                {"1", "101"}
            };
            String[] set = sets[r.nextInt(sets.length)];
            StringBuilder variant = new StringBuilder("paging");
            for (Operation.Parameter p : d.operation.in("query")) {
                if (PAGING.contains(p.name())) {
                    String value = p.name().equals("page") || p.name().equals("offset") ? set[0] : set[1];
                    d.query.removeIf(q -> q[0].equals(p.name()));
                    d.query.add(new String[] {p.name(), value});
                    variant.append(' ').append(p.name()).append('=').append(value);
                }
            }
            d.variant = variant.toString();
        }
    },
    UNKNOWN_QUERY {
        @Override
        void apply(Draft d, Random r) {
            String[] extras = {"fuzz=1", "_=%00", "a[b]=1", "%00=1", "=1", "&&&", "id=1&id=2", "callback=alert(1)"};
            String extra = extras[r.nextInt(extras.length)];
            d.query.add(new String[] {extra, null});
            d.variant = "extra query " + extra;
        }
    },
    NO_AUTH {
        @Override
        void apply(Draft d, Random r) {
            d.authorization = null;
            d.authLabel = "none";
            d.variant = "no Authorization";
        }
    },
    BROKEN_AUTH {
        @Override
        void apply(Draft d, Random r) {
            String[] values = {
                "SERVICE:abc",
                "SERVICE:1:",
                "SERVICE::",
                "SERVICE:99999999999999999999:cp_live_x",
                "SERVICE:-1:cp_live_x",
                "SERVICE:1:cp_live_" + "x".repeat(9000),
                "Bearer ",
                "Bearer a.b.c",
                "Bearer eyJhbGciOiJub25lIn0.eyJ0eXAiOiJzZXJ2aWNlIn0.",
                "Basic Zm9vOmJhcg==",
                "Bearer " + "x".repeat(10_000),
                "service:1:x",
                "SERVICE:1:cp_live_é",
                "SERVICE:1:" + "%00",
                "SERVICE: 1 : x",
                "Bearer a.b.c.d.e",
                "Bearer ....",
                "Bearer " + "a".repeat(3000) + "." + "b".repeat(3000) + ".c",
                "Negotiate x",
                "SERVICE:0:cp_live_x"
            };
            String value = values[r.nextInt(values.length)];
            d.authorization = value;
            d.authLabel = FuzzRequest.excerpt(value, 60);
            d.variant = "broken Authorization";
        }
    },
    WRONG_METHOD {
        @Override
        boolean applies(Operation o) {
            return !o.pathMethods().containsAll(METHODS);
        }

        @Override
        void apply(Draft d, Random r) {
            List<String> others = METHODS.stream()
                    .filter(m -> !d.operation.pathMethods().contains(m))
                    .sorted()
                    .toList();
            d.method = others.get(r.nextInt(others.size()));
            d.variant = "method " + d.method;
        }
    },
    LONG_HEADER {
        @Override
        void apply(Draft d, Random r) {
            String[][] headers = {
                {"X-Fuzz", "a".repeat(20_000)},
                {"Accept", "application/" + "x".repeat(9000)},
                {"Accept", "text/html"},
                {"Accept", "invalid"},
                {"Accept-Language", "x".repeat(5000)},
                {"X-Forwarded-For", "1.1.1.1, ".repeat(500) + "not-an-ip"},
                {"Accept-Encoding", "x".repeat(3000)}
            };
            String[] header = headers[r.nextInt(headers.length)];
            d.headers.put(header[0], header[1]);
            d.variant = "header " + header[0] + " (" + header[1].length() + " chars)";
        }
    };

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");
    static final Set<String> PAGING = Set.of("page", "length", "limit", "offset", "per_page", "size");

    boolean applies(Operation operation) {
        return true;
    }

    /**
     * Whether the request still addresses the operation's own route, so its answer is held to the
     * operation's documented responses ({@link ResponseContract}). An odd path value or another
     * method may reach another route or none.
     */
    boolean keepsRoute() {
        return this != ODD_PATH && this != WRONG_METHOD;
    }

    abstract void apply(Draft draft, Random random);

    private static JsonNode text(String value) {
        return JSON.textNode(value);
    }

    /** Replaces one field of the JSON body (or adds one when there is none). */
    private static void setField(Draft d, Random r, JsonNode value, String variant) {
        List<Map.Entry<ObjectNode, String>> fields = d.fields();
        int draw = r.nextInt(1 << 20);
        if (fields.isEmpty()) {
            if (!(d.json instanceof ObjectNode)) {
                d.json = JSON.objectNode();
            }
            ((ObjectNode) d.json).set("fuzz", value);
            d.variant = variant + " in an added field";
            return;
        }
        Map.Entry<ObjectNode, String> field = fields.get(draw % fields.size());
        field.getKey().set(field.getValue(), value);
        d.variant = variant + " in " + field.getValue();
    }

    /** Sets one declared query parameter to an already encoded value; answers its name. */
    private static String setQuery(Draft d, Random r, String value) {
        List<Operation.Parameter> params = d.operation.in("query");
        String name =
                params.isEmpty() ? "fuzz" : params.get(r.nextInt(params.size())).name();
        d.query.removeIf(q -> q[0].equals(Draft.encode(name)));
        d.query.add(new String[] {Draft.encode(name), value});
        return name;
    }

    /** The object's JSON text with {@code name} written twice (same value, or another one). */
    private static String duplicated(ObjectNode object, String name, int draw) {
        JsonNode first = object.get(name);
        StringBuilder sb = new StringBuilder("{")
                .append(text(name))
                .append(':')
                .append(first)
                .append(',')
                .append(text(name))
                .append(':')
                .append(draw % 2 == 0 ? first : text("other"));
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            if (!field.getKey().equals(name)) {
                sb.append(',').append(text(field.getKey())).append(':').append(field.getValue());
            }
        }
        return sb.append('}').toString();
    }
}
