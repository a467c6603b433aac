package org.courseplatform.platform.storage;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * Presigned URLs of the platform's bucket, signed for the address browsers reach S3 at
 * ({@link ObjectStore#presigner}). A PUT signs its {@code Content-Type} and {@code Content-Length},
 * so S3 refuses any other type or size: a client can write exactly what it announced, to the one
 * key it was given. Close it with its owner.
 */
public final class PresignedUrls implements AutoCloseable {

    private final S3Presigner presigner;
    private final String bucket;
    private final String origin;

    PresignedUrls(S3Presigner presigner, String bucket, URI endpoint) {
        this.presigner = presigner;
        this.bucket = bucket;
        this.origin = endpoint.getScheme() + "://" + endpoint.getHost()
                + (endpoint.getPort() < 0 ? "" : ":" + endpoint.getPort());
    }

    /** The origin ({@code scheme://host[:port]}) the URLs point at: where browsers send uploads. */
    public String origin() {
        return origin;
    }

    /** A URL that lets the client PUT exactly {@code size} bytes of {@code contentType} to {@code key} until it expires. */
    public URI put(String key, String contentType, long size, Duration ttl) {
        return URI.create(presigner
                .presignPutObject(b -> b.signatureDuration(ttl)
                        .putObjectRequest(r -> r.bucket(bucket)
                                .key(key)
                                .contentType(contentType)
                                .contentLength(size)))
                .url()
                .toString());
    }

    /** A short-lived URL of the object, offered as a download named {@code fileName} of {@code contentType}. */
    public URI download(String key, Duration ttl, String fileName, String contentType) {
        String disposition = "attachment; filename=\"" + fileName.replaceAll("[\"\\\\\\r\\n]", "_") + "\"";
        return URI.create(presigner
                .presignGetObject(b -> b.signatureDuration(ttl)
                        .getObjectRequest(r -> r.bucket(bucket)
                                .key(key)
                                .responseContentDisposition(disposition)
                                .responseContentType(contentType)))
                .url()
                .toString());
    }

    @Override
    public void close() {
        presigner.close();
    }
}
