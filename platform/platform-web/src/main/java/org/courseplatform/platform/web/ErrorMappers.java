package org.courseplatform.platform.web;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.quarkus.logging.Log;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Maps every failure a request can meet to the one error shape. Client mistakes get a 4xx that
 * names the field; anything else is a 500 that carries an incident id and no internals.
 */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response api(ApiException e) {
        return respond(e);
    }

    @ServerExceptionMapper(priority = 1)
    public Response json(JsonProcessingException e) {
        return respond(JsonErrors.toApiException(e));
    }

    /** Overrides Quarkus' built-in mapper, whose body is not the platform's shape. */
    @ServerExceptionMapper(priority = 1)
    public Response mismatchedInput(MismatchedInputException e) {
        return respond(JsonErrors.toApiException(e));
    }

    @ServerExceptionMapper(priority = 1)
    public Response parse(JsonParseException e) {
        return respond(JsonErrors.toApiException(e));
    }

    @ServerExceptionMapper
    public Response validation(ConstraintViolationException e) {
        List<ApiError.Detail> details = new ArrayList<>();
        boolean returnValue = false;
        for (ConstraintViolation<?> violation : e.getConstraintViolations()) {
            returnValue |= isReturnValue(violation.getPropertyPath());
            details.add(new ApiError.Detail(field(violation.getPropertyPath()), violation.getMessage()));
        }
        if (returnValue) {
            return unexpected(e);
        }
        details.sort(Comparator.comparing(ApiError.Detail::field));
        return respond(ApiException.invalid(details));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, UriInfo uri, HttpHeaders headers) {
        JsonProcessingException json = JsonErrors.find(e);
        if (json != null) {
            return respond(JsonErrors.toApiException(json));
        }
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        if (status >= 500) {
            return unexpected(e);
        }
        ErrorCode code = ErrorCode.forStatus(status);
        String message = switch (e) {
            case NotFoundException nf -> "No resource at " + uri.getPath();
            case NotAllowedException na -> "Method not allowed on " + uri.getPath();
            case NotSupportedException ns -> "Content-Type " + contentType(headers) + " is not supported here";
            case NotAcceptableException nac -> "None of the accepted media types can be produced here";
            default ->
                e.getMessage() == null || e.getMessage().startsWith("HTTP ") ? defaultMessage(code) : e.getMessage();
        };
        Response.ResponseBuilder builder = Response.status(code.status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ApiError.of(code, message, null));
        if (code == ErrorCode.PAYLOAD_TOO_LARGE) {
            // The rest of the body is not read: the connection cannot carry another request.
            builder.header("Connection", "close");
        }
        if (e instanceof NotAllowedException && e.getResponse() != null) {
            String allow = e.getResponse().getHeaderString(HttpHeaders.ALLOW);
            if (allow != null) {
                builder.header(HttpHeaders.ALLOW, allow);
            }
        }
        return builder.build();
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        JsonProcessingException json = JsonErrors.find(e);
        if (json != null) {
            return respond(JsonErrors.toApiException(json));
        }
        if (MalformedBodies.isMalformedBody(e)) {
            return respond(ApiException.badRequest(MalformedBodies.MESSAGE));
        }
        if (MalformedBodies.isTooManyFields(e)) {
            return Response.status(413)
                    .type(MediaType.APPLICATION_JSON_TYPE)
                    .header("Connection", "close")
                    .entity(ApiError.of(ErrorCode.PAYLOAD_TOO_LARGE, MalformedBodies.TOO_MANY_FIELDS, null))
                    .build();
        }
        if (Outages.isOutage(e)) {
            Log.warnf("A dependency is unreachable: %s", e.toString());
            return respond(new ApiException(
                    ErrorCode.UNAVAILABLE,
                    "The service is temporarily unavailable; retry shortly",
                    null,
                    Map.of("Retry-After", "1")));
        }
        String incident = UUID.randomUUID().toString();
        Log.errorf(e, "Unexpected error, incident %s", incident);
        return respond(new ApiException(
                ErrorCode.INTERNAL, "An unexpected error occurred; quote incident " + incident + " to support"));
    }

    static Response respond(ApiException e) {
        Response.ResponseBuilder builder = Response.status(e.code().status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(e.toBody());
        for (Map.Entry<String, String> header : e.headers().entrySet()) {
            builder.header(header.getKey(), header.getValue());
        }
        return builder.build();
    }

    static String defaultMessage(ErrorCode code) {
        return switch (code) {
            case BAD_REQUEST -> "The request is not valid";
            case UNAUTHORIZED -> "Authentication is required";
            case FORBIDDEN -> "This credential may not do this";
            case NOT_FOUND -> "Not found";
            case METHOD_NOT_ALLOWED -> "Method not allowed";
            case NOT_ACCEPTABLE -> "Not acceptable";
            case REQUEST_TIMEOUT -> "The request was not received in time";
            case CONFLICT -> "The request conflicts with the current state";
            case PRECONDITION_FAILED -> "The resource changed since the revision the request names";
            case PRECONDITION_REQUIRED -> "The request must name the revision it changes (If-Match)";
            case PAYLOAD_TOO_LARGE -> "The request body is too large";
            case URI_TOO_LONG -> "The request line is too long";
            case UNSUPPORTED_MEDIA_TYPE -> "Unsupported media type";
            case RANGE_NOT_SATISFIABLE -> "The range asked for is outside the file";
            case UNPROCESSABLE -> "The request cannot be processed";
            case TOO_MANY_REQUESTS -> "Too many requests";
            case HEADERS_TOO_LARGE -> "The request headers are too large";
            case INTERNAL -> "An unexpected error occurred";
            case UNAVAILABLE -> "The service is temporarily unavailable";
        };
    }

    /** The raw header: parsing it could throw again, inside the mapper, for a malformed value. */
    private static String contentType(HttpHeaders headers) {
        String type = headers.getHeaderString(HttpHeaders.CONTENT_TYPE);
        return type == null ? "(none)" : MediaTypes.quote(type);
    }

    private static boolean isReturnValue(Path path) {
        for (Path.Node node : path) {
            if (node.getKind() == ElementKind.RETURN_VALUE) {
                return true;
            }
        }
        return false;
    }

    /**
     * The client-facing name of a violated property: the method and the body parameter are
     * dropped ({@code create.body.email} becomes {@code email}), a query parameter keeps its name.
     */
    static String field(Path path) {
        List<Path.Node> nodes = new ArrayList<>();
        path.forEach(nodes::add);
        int start = 0;
        if (!nodes.isEmpty() && nodes.get(0).getKind() == ElementKind.METHOD) {
            start = 1;
        }
        if (nodes.size() - start > 1 && nodes.get(start).getKind() == ElementKind.PARAMETER) {
            start++;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = start; i < nodes.size(); i++) {
            Path.Node node = nodes.get(i);
            if (node.getIndex() != null && node.isInIterable() && sb.length() > 0) {
                sb.append('[').append(node.getIndex()).append(']');
            }
            if (node.getName() != null && !node.getName().startsWith("<")) {
                sb.append(sb.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        return sb.isEmpty() ? "body" : sb.toString();
    }
}
