package org.courseplatform.client;

import java.net.http.HttpClient;
import java.time.Duration;

/** Makes an {@link ApiClient} that calls an installation with a workspace's API key. */
public final class CoursePlatform {

    private CoursePlatform() {}

    /**
     * A client of {@code baseUrl} (e.g. {@code https://courses.example.com}) sending
     * {@code Authorization: SERVICE:<workspaceId>:<apiKey>} with every call; pass it to the
     * generated API classes ({@code new MembersApi(client)}). Errors throw {@link ApiException},
     * whose body is the platform's error shape with its {@code traceId}.
     */
    public static ApiClient client(String baseUrl, long workspaceId, String apiKey) {
        ApiClient client = new ApiClient();
        client.setHttpClientBuilder(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)));
        client.updateBaseUri(baseUrl.replaceAll("/+$", ""));
        client.setReadTimeout(Duration.ofSeconds(30));
        String authorization = "SERVICE:" + workspaceId + ":" + apiKey;
        client.setRequestInterceptor(request -> request.header("Authorization", authorization));
        return client;
    }
}
