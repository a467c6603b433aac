package org.courseplatform.platform.storage;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
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
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * The platform's bucket ({@code platform.s3.*}), one way for every service: objects read with a
 * bound on what is kept, a missing object as empty rather than an exception, deletes in requests of
 * up to 1,000 keys, and presigned URLs signed for the address browsers reach S3 at. Each service
 * keeps its own keys in a store of its own (media, packages, narration) on top of this. Every call
 * blocks: use it off the event loop.
 */
@ApplicationScoped
public class ObjectStore {

    private static final int MAX_KEY_BYTES = 1024;
    private static final int DELETE_BATCH = 1000;

    private final S3Client s3;
    private final String bucket;
    private final String endpoint;
    private final String region;
    private final String accessKey;
    private final String secretKey;

    public ObjectStore(
            S3Client s3,
            @ConfigProperty(name = "platform.s3.bucket") String bucket,
            @ConfigProperty(name = "platform.s3.endpoint", defaultValue = "http://127.0.0.1:9000") String endpoint,
            @ConfigProperty(name = "platform.s3.region", defaultValue = "us-east-1") String region,
            @ConfigProperty(name = "platform.s3.access-key", defaultValue = "courseplatform") String accessKey,
            @ConfigProperty(name = "platform.s3.secret-key", defaultValue = "courseplatform-secret") String secretKey) {
        this.s3 = s3;
        this.bucket = bucket;
        this.endpoint = endpoint;
        this.region = region;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    /**
     * URLs signed for {@code publicEndpoint} when browsers reach S3 at another address than the
     * services do, else for {@code platform.s3.endpoint}. The caller closes it.
     */
    public PresignedUrls presigner(Optional<String> publicEndpoint) {
        URI at = URI.create(publicEndpoint.orElse(endpoint));
        S3Presigner presigner = S3Presigner.builder()
                .endpointOverride(at)
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .serviceConfiguration(
                        S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .build();
        return new PresignedUrls(presigner, bucket, at);
    }

    /** The object's size, or empty when there is none. */
    public Optional<Long> size(String key) {
        return unlessMissing(() -> s3.headObject(b -> b.bucket(bucket).key(key)).contentLength());
    }

    /** The whole object, or empty when there is none; for small objects only. */
    public Optional<byte[]> bytes(String key) {
        return unlessMissing(
                () -> s3.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray());
    }

    /** The first {@code count} bytes of the object (fewer when it is shorter): a ranged GET, no full download. */
    public byte[] head(String key, int count) throws IOException {
        try (ResponseInputStream<GetObjectResponse> in =
                s3.getObject(b -> b.bucket(bucket).key(key).range("bytes=0-" + (count - 1)))) {
            return in.readNBytes(count);
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

    /**
     * Opens an object, or empty when there is none. A key no object can have (over S3's 1,024
     * bytes, or with control characters) is empty without asking S3, which answers such keys with
     * a 500 or 400; any other client error of S3 on a read is "none" as well, since keys read this
     * way come from clients' URLs. The caller closes the stream.
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

    /** Opens bytes {@code first}..{@code last} (inclusive) of an object, or empty when there is none. */
    public Optional<InputStream> open(String key, long first, long last) {
        return unlessMissing(() -> s3.getObject(b -> b.bucket(bucket).key(key).range("bytes=" + first + "-" + last)));
    }

    public void put(String key, byte[] bytes, String contentType) {
        s3.putObject(b -> b.bucket(bucket).key(key).contentType(contentType), RequestBody.fromBytes(bytes));
    }

    /**
     * Copies {@code from} to {@code to} inside the bucket, server-side (a snapshot of the object as
     * it is at that moment); with a {@code contentType}, the copy is served with it.
     *
     * @return false when there is no object at {@code from}
     */
    public boolean copy(String from, String to, Optional<String> contentType) {
        try {
            s3.copyObject(b -> {
                b.sourceBucket(bucket).sourceKey(from).destinationBucket(bucket).destinationKey(to);
                contentType.ifPresent(type -> b.contentType(type).metadataDirective("REPLACE"));
            });
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
        for (int i = 0; i < all.size(); i += DELETE_BATCH) {
            List<ObjectIdentifier> batch = all.subList(i, Math.min(all.size(), i + DELETE_BATCH)).stream()
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

    /** Removes everything under {@code prefix}; answers how many keys were asked to go. */
    public int deletePrefix(String prefix) {
        List<String> keys = list(prefix);
        delete(keys);
        return keys.size();
    }

    /** What {@code read} answers, or empty when S3 has no such object (404, with or without a body). */
    private static <T> Optional<T> unlessMissing(Supplier<T> read) {
        try {
            return Optional.of(read.get());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** S3 object keys are at most 1,024 bytes of UTF-8; the platform's never hold control characters. */
    public static boolean isPossibleKey(String key) {
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
}
