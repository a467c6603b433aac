package org.courseplatform.members.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * A validated create or update of a workspace. Read from the raw JSON so that an update can
 * tell "userLimit": null (no limit) from a userLimit that was not sent.
 */
record WorkspaceChanges(
        Optional<String> name,
        Optional<String> plan,
        Optional<List<String>> addons,
        Optional<List<String>> features,
        Optional<Optional<Integer>> userLimit) {

    static final Set<String> PLANS = Set.of("starter", "build", "scale", "enterprise");
    static final Set<String> ADDONS = Set.of("scorm_hosting");
    static final Set<String> FEATURES = Set.of("scorm_export");
    private static final Set<String> FIELDS = Set.of("name", "plan", "addons", "features", "userLimit");

    static WorkspaceChanges parse(JsonNode body, boolean creating) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("The body must be a JSON object");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        body.fieldNames().forEachRemaining(field -> {
            if (!FIELDS.contains(field)) {
                problems.add(new ApiError.Detail(field, "is not a known field"));
            }
        });
        Optional<String> name = Optional.empty();
        if (body.has("name")) {
            JsonNode n = body.get("name");
            if (!n.isTextual() || n.asText().isBlank() || n.asText().length() > 200) {
                problems.add(new ApiError.Detail("name", "must be a non-empty string of at most 200 characters"));
            } else {
                name = Optional.of(n.asText().strip());
            }
        } else if (creating) {
            problems.add(new ApiError.Detail("name", "is required"));
        }
        Optional<String> plan = Optional.empty();
        if (body.has("plan")) {
            JsonNode p = body.get("plan");
            if (!p.isTextual() || !PLANS.contains(p.asText())) {
                problems.add(new ApiError.Detail("plan", "must be one of starter, build, scale, enterprise"));
            } else {
                plan = Optional.of(p.asText());
            }
        } else if (creating) {
            problems.add(new ApiError.Detail("plan", "is required"));
        }
        Optional<List<String>> addons = names(body, "addons", ADDONS, problems);
        Optional<List<String>> features = names(body, "features", FEATURES, problems);
        Optional<Optional<Integer>> userLimit = Optional.empty();
        if (body.has("userLimit")) {
            JsonNode l = body.get("userLimit");
            if (l.isNull()) {
                userLimit = Optional.of(Optional.empty());
            } else if (!l.isIntegralNumber() || !l.canConvertToInt() || l.asInt() < 0) {
                problems.add(new ApiError.Detail("userLimit", "must be a non-negative integer or null"));
            } else {
                userLimit = Optional.of(Optional.of(l.asInt()));
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return new WorkspaceChanges(name, plan, addons, features, userLimit);
    }

    private static Optional<List<String>> names(
            JsonNode body, String field, Set<String> allowed, List<ApiError.Detail> problems) {
        if (!body.has(field) || body.get(field).isNull()) {
            return Optional.empty();
        }
        JsonNode array = body.get(field);
        if (!array.isArray()) {
            problems.add(new ApiError.Detail(field, "must be an array of strings"));
            return Optional.empty();
        }
        Set<String> values = new LinkedHashSet<>();
        for (JsonNode item : array) {
            if (!item.isTextual() || !allowed.contains(item.asText())) {
                problems.add(new ApiError.Detail(field, "may contain only " + String.join(", ", allowed)));
                return Optional.empty();
            }
            values.add(item.asText());
        }
        return Optional.of(List.copyOf(values));
    }

    void applyTo(Workspace w) {
        name.ifPresent(v -> w.name = v);
        plan.ifPresent(v -> w.plan = v);
        addons.ifPresent(v -> w.addons = String.join(",", v));
        features.ifPresent(v -> w.features = String.join(",", v));
        userLimit.ifPresent(v -> w.userLimit = v.orElse(null));
    }
}
