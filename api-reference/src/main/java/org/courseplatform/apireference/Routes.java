package org.courseplatform.apireference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The ingress's routing table, {@code deploy/routes.tsv}, read the way the ingress applies it: the
 * longest matching prefix wins, and a matching regex wins over any prefix. A service's operation is
 * public when the route that owns its path sends it to that service with scope {@code all} (the API
 * host of the local nginx and of the Kubernetes Ingress); {@code local} rows (the operator's admin
 * API), {@code content} rows (the SCORM content origin) and {@code /internal} paths never are.
 */
public record Routes(List<Route> rows) {

    /** One row: kind {@code prefix} or {@code regex}, the path, the service it goes to and its scope. */
    public record Route(String kind, String path, String service, String scope) {

        public boolean isPublic() {
            return "all".equals(scope);
        }

        boolean matches(String requestPath) {
            if ("regex".equals(kind)) {
                return Pattern.compile(path).matcher(requestPath).find();
            }
            return requestPath.startsWith(path);
        }
    }

    public static Routes read(Path tsv) throws IOException {
        List<Route> rows = new ArrayList<>();
        for (String line : Files.readAllLines(tsv)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t");
            if (cells.length < 4) {
                throw new IllegalArgumentException(tsv + ": a row needs kind, path, service and scope: " + line);
            }
            rows.add(new Route(cells[0].strip(), cells[1].strip(), cells[2].strip(), cells[3].strip()));
        }
        return new Routes(List.copyOf(rows));
    }

    /**
     * The row that owns a path of an OpenAPI document ({@code /v1/headless/course/{id}/migrate}):
     * each template variable stands for a number, as ids do in this API.
     */
    public Optional<Route> owner(String templatePath) {
        String path = templatePath.replaceAll("\\{[^}]*}", "1");
        if (path.startsWith("/internal/") || path.equals("/internal")) {
            return Optional.empty();
        }
        Route best = null;
        for (Route r : rows) {
            if (!r.matches(path)) {
                continue;
            }
            if ("regex".equals(r.kind())) {
                return Optional.of(r);
            }
            if (best == null || r.path().length() > best.path().length()) {
                best = r;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Whether the ingress routes this path to {@code service} on the API host. */
    public boolean isPublic(String service, String templatePath) {
        return owner(templatePath)
                .filter(r -> r.isPublic() && r.service().equals(service))
                .isPresent();
    }

    public List<Route> publicRows() {
        return rows.stream().filter(Route::isPublic).toList();
    }
}
