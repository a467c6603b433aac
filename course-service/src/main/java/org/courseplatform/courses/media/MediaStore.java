package org.courseplatform.courses.media;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * The S3 objects of the media library. A client PUTs its file to
 * {@code media/uploads/<workspaceId>/<token>} through a presigned URL (the only key a presigned
 * PUT ever names); processing writes what learners load under {@code media/files/<token>/},
 * which no URL can write, and deletes the upload. Every call blocks: use it off the event loop.
 */
@ApplicationScoped
public class MediaStore {

    private final S3Client s3;
    private final S3Presigner presigner;
    private final String bucket;
    private final String presignOrigin;

    public MediaStore(
            S3Client s3,
            MediaConfig config,
            @ConfigProperty(name = "platform.s3.bucket") String bucket,
            @ConfigProperty(name = "platform.s3.endpoint", defaultValue = "http://127.0.0.1:9000") String endpoint,
            @ConfigProperty(name = "platform.s3.region", defaultValue = "us-east-1") String region,
            @ConfigProperty(name = "platform.s3.access-key", defaultValue = "courseplatform") String accessKey,
            @ConfigProperty(name = "platform.s3.secret-key", defaultValue = "courseplatform-secret") String secretKey) {
        this.s3 = s3;
        this.bucket = bucket;
        URI presignEndpoint = URI.create(config.publicEndpoint().orElse(endpoint));
        this.presignOrigin = origin(presignEndpoint);
        this.presigner = S3Presigner.builder()
                .endpointOverride(presignEndpoint)
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .serviceConfiguration(
                        S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .build();
    }

    @PreDestroy
    void close() {
        presigner.close();
    }

    /** The origin ({@code scheme://host[:port]}) presigned URLs point at: where browsers send uploads. */
    public String presignOrigin() {
        return presignOrigin;
    }

    static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }

    static String uploadKey(long workspaceId, String token) {
        return "media/uploads/" + workspaceId + "/" + token;
    }

    static String fileKey(String token, String file) {
        return "media/files/" + token + "/" + file;
    }

    /**
     * A URL that lets the client PUT exactly {@code size} bytes with this {@code Content-Type} to
     * the upload key until it expires: both are signed headers, so S3 refuses anything else.
     */
    URI presignPut(String key, String contentType, long size, Duration ttl) {
        return URI.create(presigner
                .presignPutObject(b -> b.signatureDuration(ttl)
                        .putObjectRequest(r -> r.bucket(bucket)
                                .key(key)
                                .contentType(contentType)
                                .contentLength(size)))
                .url()
                .toString());
    }

    /** The object's size, or empty when there is none. */
    Optional<Long> size(String key) {
        try {
            return Optional.of(s3.headObject(b -> b.bucket(bucket).key(key)).contentLength());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** The first {@code count} bytes of the object (fewer when it is shorter): a ranged GET, no full download. */
    byte[] head(String key, int count) throws IOException {
        try (ResponseInputStream<GetObjectResponse> in =
                s3.getObject(b -> b.bucket(bucket).key(key).range("bytes=0-" + (count - 1)))) {
            return in.readNBytes(count);
        }
    }

    /** Streams the object into {@code target}; false (and the file incomplete) when it is over {@code maxBytes}. */
    boolean download(String key, Path target, long maxBytes) throws IOException {
        try (ResponseInputStream<GetObjectResponse> in =
                        s3.getObject(b -> b.bucket(bucket).key(key));
                OutputStream out = Files.newOutputStream(target)) {
            byte[] buffer = new byte[128 * 1024];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
                if (total > maxBytes) {
                    in.abort();
                    return false;
                }
                out.write(buffer, 0, n);
            }
            return true;
        }
    }

    void put(String key, byte[] bytes, String contentType) {
        s3.putObject(b -> b.bucket(bucket).key(key).contentType(contentType), RequestBody.fromBytes(bytes));
    }

    /** Copies an object server-side (S3 CopyObject), with the content type it is served with. */
    void copy(String from, String to, String contentType) {
        s3.copyObject(b -> b.sourceBucket(bucket)
                .sourceKey(from)
                .destinationBucket(bucket)
                .destinationKey(to)
                .contentType(contentType)
                .metadataDirective("REPLACE"));
    }

    /**
     * Opens bytes {@code first}..{@code last} (inclusive) of an object, or empty when there is
     * none. The caller closes the stream.
     */
    Optional<InputStream> open(String key, long first, long last) {
        try {
            return Optional.of(s3.getObject(b -> b.bucket(bucket).key(key).range("bytes=" + first + "-" + last)));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Removes the objects named; missing ones count as removed. */
    void delete(Collection<String> keys) {
        if (keys.isEmpty()) {
            return;
        }
        List<ObjectIdentifier> all = keys.stream()
                .map(k -> ObjectIdentifier.builder().key(k).build())
                .toList();
        for (int i = 0; i < all.size(); i += 1000) {
            List<ObjectIdentifier> batch = all.subList(i, Math.min(all.size(), i + 1000));
            s3.deleteObjects(b -> b.bucket(bucket).delete(d -> d.objects(batch).quiet(true)));
        }
    }
}
