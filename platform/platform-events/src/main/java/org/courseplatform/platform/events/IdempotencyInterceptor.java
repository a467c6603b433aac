package org.courseplatform.platform.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * {@link Idempotent} for resource methods: with an {@code Idempotency-Key} the method runs once
 * through {@link IdempotentRequests}, its result kept as JSON and turned back into the method's
 * own return type for a repeat; without one it runs as it is.
 *
 * <p>Outside the operation's own {@code @WithTransaction} (which joins the key's transaction), so
 * the key, the write and the write's outbox events commit together.
 */
@Idempotent
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class IdempotencyInterceptor {

    /** The request property that tells {@link IdempotencyFilters} to mark the answer as replayed. */
    static final String REPLAYED = IdempotencyInterceptor.class.getName() + ".replayed";

    private final IdempotentRequests requests;
    private final ContainerRequestContext request;
    private final SecurityIdentity identity;
    private final ObjectMapper mapper;

    public IdempotencyInterceptor(
            IdempotentRequests requests,
            ContainerRequestContext request,
            SecurityIdentity identity,
            ObjectMapper mapper) {
        this.requests = requests;
        this.request = request;
        this.identity = identity;
        this.mapper = mapper;
    }

    @AroundInvoke
    Object around(InvocationContext context) throws Exception {
        String key = request.getHeaderString(IdempotentRequests.HEADER);
        if (key == null) {
            return context.proceed();
        }
        Method method = context.getMethod();
        if (!Uni.class.equals(method.getReturnType())) {
            throw new IllegalStateException("@Idempotent needs a method answering a Uni: " + method);
        }
        Type result = ((ParameterizedType) method.getGenericReturnType()).getActualTypeArguments()[0];
        String caller =
                identity.isAnonymous() ? "anonymous" : identity.getPrincipal().getName();
        return requests.once(
                caller,
                IdempotentRequests.validKey(key),
                fingerprint(context),
                () -> proceed(context),
                this::encode,
                answer -> {
                    request.setProperty(REPLAYED, Boolean.TRUE);
                    return decode(answer, result);
                });
    }

    @SuppressWarnings("unchecked")
    private static Uni<Object> proceed(InvocationContext context) {
        try {
            return (Uni<Object>) context.proceed();
        } catch (Exception e) {
            return Uni.createFrom().failure(e);
        }
    }

    /** The method, the path with its query and the method's parameters as JSON, hashed. */
    private String fingerprint(InvocationContext context) throws NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        digest.update((request.getMethod()
                        + ' '
                        + request.getUriInfo().getRequestUri().getRawPath()
                        + '?'
                        + request.getUriInfo().getRequestUri().getRawQuery()
                        + '\n')
                .getBytes(StandardCharsets.UTF_8));
        try {
            digest.update(mapper.writeValueAsBytes(context.getParameters()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("@Idempotent needs parameters that are JSON: " + context.getMethod(), e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private IdempotentRequests.Answer encode(Object result) {
        if (result instanceof RestResponse<?> response) {
            return new IdempotentRequests.Answer(
                    response.getStatus(), location(response.getLocation()), json(response.getEntity()));
        }
        if (result instanceof Response response) {
            return new IdempotentRequests.Answer(
                    response.getStatus(), location(response.getLocation()), json(response.getEntity()));
        }
        return new IdempotentRequests.Answer(0, "", json(result));
    }

    private Object decode(IdempotentRequests.Answer answer, Type result) {
        try {
            JsonNode entity = answer.body().isEmpty() ? null : mapper.readTree(answer.body());
            JavaType type = mapper.constructType(result);
            Class<?> raw = type.getRawClass();
            URI location = answer.location().isEmpty() ? null : URI.create(answer.location());
            if (RestResponse.class.isAssignableFrom(raw)) {
                return RestResponse.ResponseBuilder.<Object>create(answer.status())
                        .entity(entity)
                        .location(location)
                        .build();
            }
            if (Response.class.isAssignableFrom(raw)) {
                return Response.status(answer.status())
                        .entity(entity)
                        .location(location)
                        .build();
            }
            return entity == null ? null : mapper.treeToValue(entity, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A kept answer no longer reads as " + result, e);
        }
    }

    private static String location(URI location) {
        return location == null ? "" : location.toString();
    }

    private String json(Object entity) {
        if (entity == null) {
            return "";
        }
        try {
            return mapper.writeValueAsString(entity);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An answer that is not JSON cannot be kept", e);
        }
    }
}
