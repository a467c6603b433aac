package org.courseplatform.courses.brandvoice;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * The brand voice rules: one voice per workspace, optionally overridden whole by a tenant's. What
 * writes text for a tenant (translation, generation) asks {@link #effective(long, String)}.
 */
@ApplicationScoped
public class BrandVoiceService {

    static final int NAME_MAX = 100;
    static final int TEXT_MAX = 500;
    static final int LIST_MAX = 50;
    static final int ITEM_MAX = 300;
    static final int VOCABULARY_MAX = 200;
    static final int TERM_MAX = 100;

    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
    private static final TypeReference<List<BrandVoiceRequests.Term>> TERMS = new TypeReference<>() {};

    private final BrandVoiceRepository voices;
    private final ObjectMapper mapper;

    public BrandVoiceService(BrandVoiceRepository voices, ObjectMapper mapper) {
        this.voices = voices;
        this.mapper = mapper;
    }

    /**
     * The voice text for this workspace's tenant ({@code clientIdentifier} null: the workspace-default
     * tenant) should be written in: the tenant's override, else the workspace's, else
     * {@link BrandVoiceView#none}. For other features (translation, generation) as much as for the API.
     */
    @WithSession
    public Uni<BrandVoiceView> effective(long workspaceId, String clientIdentifier) {
        return voices.of(workspaceId, clientIdentifier).map(found -> {
            BrandVoice workspace = null;
            for (BrandVoice v : found) {
                if (v.clientIdentifier() != null) {
                    return view(BrandVoiceView.TENANT, clientIdentifier, v);
                }
                workspace = v;
            }
            return workspace == null
                    ? BrandVoiceView.none(clientIdentifier)
                    : view(BrandVoiceView.WORKSPACE, clientIdentifier, workspace);
        });
    }

    /** The effective voice of the scope's tenant; a scope that sees nothing gets none. */
    public Uni<BrandVoiceView> get(CourseScope scope) {
        if (scope.none()) {
            return Uni.createFrom().item(BrandVoiceView.none(scope.clientIdentifier()));
        }
        return effective(scope.workspaceId(), scope.clientIdentifier());
    }

    /** Sets (replaces whole) the workspace's voice, or with {@code clientIdentifier} the tenant's override. */
    @WithTransaction
    public Uni<BrandVoiceView> set(CourseScope scope, BrandVoiceRequests.Set request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        String name = request.name() == null ? null : request.name().strip();
        if (name == null || name.isEmpty() || name.length() > NAME_MAX) {
            problems.add(new ApiError.Detail("name", "must be 1 to " + NAME_MAX + " characters (not only spaces)"));
        }
        if (request.clientIdentifier() != null
                && (request.clientIdentifier().isEmpty()
                        || request.clientIdentifier().length() > 255)) {
            problems.add(new ApiError.Detail("clientIdentifier", "must be 1 to 255 characters"));
        }
        String tone = text("tone", request.tone(), problems);
        String audience = text("audience", request.audience(), problems);
        List<String> dos = list("do", request.dos(), problems);
        List<String> donts = list("dont", request.donts(), problems);
        List<BrandVoiceRequests.Term> vocabulary = vocabulary(request.vocabulary(), problems);
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        String tenant = scope.tenantOf(request.clientIdentifier());
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
        return voices.save(
                        scope.workspaceId(),
                        tenant,
                        name,
                        tone,
                        audience,
                        write(dos),
                        write(donts),
                        write(vocabulary),
                        now)
                .invoke(() -> Log.debugf(
                        "Set the brand voice of workspace %s, %s",
                        String.valueOf(scope.workspaceId()), tenant == null ? "workspace-wide" : "tenant " + tenant))
                .map(x -> new BrandVoiceView(
                        tenant == null ? BrandVoiceView.WORKSPACE : BrandVoiceView.TENANT,
                        tenant,
                        name,
                        tone,
                        audience,
                        dos,
                        donts,
                        vocabulary,
                        now));
    }

    /** Removes the workspace's voice, or with {@code clientIdentifier} the tenant's override (then the workspace's applies). */
    @WithTransaction
    public Uni<Void> delete(CourseScope scope, String clientIdentifier) {
        return voices.remove(scope.workspaceId(), scope.tenantOf(clientIdentifier));
    }

    private BrandVoiceView view(String source, String clientIdentifier, BrandVoice v) {
        return new BrandVoiceView(
                source,
                clientIdentifier,
                v.name(),
                v.tone(),
                v.audience(),
                read(v.doList(), STRINGS),
                read(v.dontList(), STRINGS),
                read(v.vocabulary(), TERMS),
                v.updatedAt());
    }

    private static String text(String field, String value, List<ApiError.Detail> problems) {
        if (value == null) {
            return "";
        }
        if (value.length() > TEXT_MAX) {
            problems.add(new ApiError.Detail(field, "must be at most " + TEXT_MAX + " characters"));
        }
        return value.strip();
    }

    private static List<String> list(String field, List<String> values, List<ApiError.Detail> problems) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > LIST_MAX) {
            problems.add(new ApiError.Detail(field, "must hold at most " + LIST_MAX + " items"));
            return List.of();
        }
        List<String> items = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String item = values.get(i) == null ? "" : values.get(i).strip();
            if (item.isEmpty() || item.length() > ITEM_MAX) {
                problems.add(new ApiError.Detail(field + "[" + i + "]", "must be 1 to " + ITEM_MAX + " characters"));
            }
            items.add(item);
        }
        return List.copyOf(items);
    }

    private static List<BrandVoiceRequests.Term> vocabulary(
            List<BrandVoiceRequests.Term> values, List<ApiError.Detail> problems) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > VOCABULARY_MAX) {
            problems.add(new ApiError.Detail("vocabulary", "must hold at most " + VOCABULARY_MAX + " entries"));
            return List.of();
        }
        List<BrandVoiceRequests.Term> terms = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < values.size(); i++) {
            BrandVoiceRequests.Term t = values.get(i);
            String field = "vocabulary[" + i + "]";
            if (t == null) {
                problems.add(new ApiError.Detail(field, "must be an object {term, note}"));
                continue;
            }
            String term = t.term() == null ? "" : t.term().strip();
            String note = t.note() == null ? "" : t.note().strip();
            if (term.isEmpty() || term.length() > TERM_MAX) {
                problems.add(new ApiError.Detail(field + ".term", "must be 1 to " + TERM_MAX + " characters"));
            } else if (!seen.add(term.toLowerCase(Locale.ROOT))) {
                problems.add(
                        new ApiError.Detail(field + ".term", "is listed twice (terms are compared ignoring case)"));
            }
            if (note.length() > ITEM_MAX) {
                problems.add(new ApiError.Detail(field + ".note", "must be at most " + ITEM_MAX + " characters"));
            }
            terms.add(new BrandVoiceRequests.Term(term, note));
        }
        return List.copyOf(terms);
    }

    private String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private <T> T read(String json, TypeReference<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored brand voice is not JSON", e);
        }
    }
}
