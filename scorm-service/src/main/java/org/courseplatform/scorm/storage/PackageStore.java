package org.courseplatform.scorm.storage;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.courseplatform.scorm.config.ScormConfig;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * The S3 objects of hosted packages. A client PUTs its zip to
 * {@code scorm/uploads/<workspaceId>/<hash>.zip} through a presigned URL (the only key any
 * presigned PUT ever names); creating the package copies it to
 * {@code scorm/originals/<workspaceId>/<hash>.zip}, which is processed and served by the download
 * and which no URL can write. A package's files live under
 * {@code scorm/packages/<courseId>/content/}. Every call blocks: use it off the event loop.
 */
@ApplicationScoped
public class PackageStore {

    private final S3Client s3;
    private final S3Presigner presigner;
    private final String bucket;

    public PackageStore(
            S3Client s3,
            ScormConfig config,
            @ConfigProperty(name = "platform.s3.bucket") String bucket,
            @ConfigProperty(name = "platform.s3.endpoint", defaultValue = "http://127.0.0.1:9000") String endpoint,
            @ConfigProperty(name = "platform.s3.region", defaultValue = "us-east-1") String region,
            @ConfigProperty(name = "platform.s3.access-key", defaultValue = "courseplatform") String accessKey,
            @ConfigProperty(name = "platform.s3.secret-key", defaultValue = "courseplatform-secret") String secretKey) {
        this.s3 = s3;
        this.bucket = bucket;
        this.presigner = S3Presigner.builder()
                .endpointOverride(URI.create(config.upload().publicEndpoint().orElse(endpoint)))
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

    public static String uploadKey(long workspaceId, String hash) {
        return "scorm/uploads/" + workspaceId + "/" + hash + ".zip";
    }

    /** Where the package's original is kept once created: a key no presigned PUT ever named. */
    public static String originalKey(long workspaceId, String hash) {
        return "scorm/originals/" + workspaceId + "/" + hash + ".zip";
    }

    public static String contentPrefix(long courseId) {
        return "scorm/packages/" + courseId + "/content/";
    }

    /**
     * A URL that lets the client PUT exactly {@code size} bytes (with {@code Content-Type:
     * application/zip}) to the upload key of {@code hash} until it expires. {@code Content-Length}
     * is a signed header, so S3 refuses a body of any other length. Only upload keys are ever
     * presigned for writing.
     */
    public URI presignPut(long workspaceId, String hash, long size, Duration ttl) {
        String key = uploadKey(workspaceId, hash);
        return URI.create(presigner
                .presignPutObject(b -> b.signatureDuration(ttl)
                        .putObjectRequest(r -> r.bucket(bucket)
                                .key(key)
                                .contentType("application/zip")
                                .contentLength(size)))
                .url()
                .toString());
    }

    /**
     * Copies {@code from} to {@code to} inside the bucket (S3 copies server-side, a snapshot of
     * the object as it is at that moment).
     *
     * @return false when there is no object at {@code from}
     */
    public boolean copy(String from, String to) {
        try {
            s3.copyObject(b -> b.sourceBucket(bucket)
                    .sourceKey(from)
                    .destinationBucket(bucket)
                    .destinationKey(to));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw e;
        }
    }

    /** A short-lived URL of the stored bytes, offered as a download named {@code fileName}. */
    public URI presignGet(String key, Duration ttl, String fileName) {
        String disposition = "attachment; filename=\"" + fileName.replaceAll("[\"\\\\\\r\\n]", "_") + "\"";
        return URI.create(presigner
                .presignGetObject(b -> b.signatureDuration(ttl)
                        .getObjectRequest(r -> r.bucket(bucket)
                                .key(key)
                                .responseContentDisposition(disposition)
                                .responseContentType("application/zip")))
                .url()
                .toString());
    }

    /** The object's size, or empty when there is none. */
    public Optional<Long> size(String key) {
        try {
            HeadObjectResponse head = s3.headObject(b -> b.bucket(bucket).key(key));
            return Optional.of(head.contentLength());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * Streams the object into {@code target}, never holding it in memory and never writing more
     * than {@code maxBytes}.
     *
     * @return false when the object is larger than {@code maxBytes} (the file is then incomplete)
     */
    public boolean download(String key, Path target, long maxBytes) throws IOException {
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

    public void putFile(String key, Path file, String contentType) {
        s3.putObject(b -> b.bucket(bucket).key(key).contentType(contentType), RequestBody.fromFile(file));
    }

    /**
     * Opens a stored object, or empty when there is none. A key no object can have (over S3's
     * 1,024 bytes, or with control characters) is empty without asking S3, which answers such
     * keys with a 500 or 400; any other client error of S3 on a read is "none" as well, since
     * the key came from a client's URL. The caller closes the stream.
     */
    public Optional<ResponseInputStream<GetObjectResponse>> open(String key) {
        if (!isPossibleKey(key)) {
            return Optional.empty();
        }
        try {
            return Optional.of(s3.getObject(b -> b.bucket(bucket).key(key)));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() >= 400 && e.statusCode() < 500) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** S3 object keys are at most 1,024 bytes of UTF-8; ours never hold control characters. */
    static boolean isPossibleKey(String key) {
        if (key == null || key.isEmpty() || key.length() > MAX_KEY_BYTES) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) && !validPair(key, i)) {
                return false;
            }
            if (Character.isHighSurrogate(c)) {
                i++;
            }
        }
        return key.getBytes(StandardCharsets.UTF_8).length <= MAX_KEY_BYTES;
    }

    private static boolean validPair(String key, int i) {
        return Character.isHighSurrogate(key.charAt(i))
                && i + 1 < key.length()
                && Character.isLowSurrogate(key.charAt(i + 1));
    }

    private static final int MAX_KEY_BYTES = 1024;

    /** Every key under {@code prefix}. */
    public List<String> list(String prefix) {
        List<String> keys = new ArrayList<>();
        String token = null;
        do {
            String continuation = token;
            ListObjectsV2Response page =
                    s3.listObjectsV2(b -> b.bucket(bucket).prefix(prefix).continuationToken(continuation));
            for (S3Object object : page.contents()) {
                keys.add(object.key());
            }
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return keys;
    }

    /**
     * Removes the objects named (missing ones count as removed), in requests of up to 1,000 keys.
     *
     * @return the keys S3 reported it could not delete
     */
    public Set<String> delete(Collection<String> keys) {
        List<String> all = List.copyOf(keys);
        Set<String> failed = new HashSet<>();
        for (int i = 0; i < all.size(); i += 1000) {
            List<ObjectIdentifier> batch = all.subList(i, Math.min(all.size(), i + 1000)).stream()
                    .map(k -> ObjectIdentifier.builder().key(k).build())
                    .toList();
            DeleteObjectsResponse response = s3.deleteObjects(
                    b -> b.bucket(bucket).delete(d -> d.objects(batch).quiet(true)));
            for (S3Error error : response.errors()) {
                failed.add(error.key());
            }
        }
        return failed;
    }

    /** Removes everything under {@code prefix} (a failed attempt's partial files). */
    public void deletePrefix(String prefix) {
        List<String> keys = list(prefix);
        for (int i = 0; i < keys.size(); i += 1000) {
            List<ObjectIdentifier> batch = keys.subList(i, Math.min(keys.size(), i + 1000)).stream()
                    .map(k -> ObjectIdentifier.builder().key(k).build())
                    .toList();
            s3.deleteObjects(b -> b.bucket(bucket).delete(d -> d.objects(batch).quiet(true)));
        }
    }
}
