package org.courseplatform.courses.media;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.courseplatform.courses.course.CourseLifecycleTest;
import org.courseplatform.courses.editor.EditorResourceTest;
import org.courseplatform.courses.player.CoursePlayerTest;
import org.courseplatform.platform.testing.TestKeys;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The media library: slots, PUT straight to S3 through the presigned URL, completion (content
 * checks, widths, EXIF gone), public files with Range, the in-use check on delete, the publish
 * rule for alt text, and who may reach what.
 */
@QuarkusTest
public class MediaLibraryTest {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final String MEDIA = "/v1/headless/media";
    private static final String EDITOR_MEDIA = "/v1/headless/player/editor/media";

    public static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }

    static Response slot(String key, String filename, String contentType, long size) {
        return as(key).body(Map.of("filename", filename, "contentType", contentType, "size", size))
                .post(MEDIA);
    }

    /** A slot, the PUT to S3 and the completion's answer. */
    public static Response upload(String key, String filename, String contentType, byte[] bytes) throws Exception {
        Response slot = slot(key, filename, contentType, bytes.length);
        slot.then()
                .statusCode(201)
                .body("media.status", equalTo("pending"))
                .body("upload.method", equalTo("PUT"))
                .body("upload.headers.Content-Type", equalTo(contentType));
        assertThat(put(slot.jsonPath().getString("upload.url"), contentType, bytes))
                .isEqualTo(200);
        return as(key).post(MEDIA + "/" + slot.jsonPath().getLong("media.id") + "/complete");
    }

    static int put(String url, String contentType, byte[] bytes) throws Exception {
        return HTTP.send(
                        HttpRequest.newBuilder(URI.create(url))
                                .header("Content-Type", contentType)
                                .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    public static String path(String url) {
        return URI.create(url).getPath();
    }

    public static byte[] picture(int width, int height, boolean alpha, String format) throws IOException {
        BufferedImage image =
                new BufferedImage(width, height, alpha ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(alpha ? new Color(255, 0, 0, 100) : Color.BLUE);
        g.fillRect(0, 0, width / 2, height);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, format, out);
        return out.toByteArray();
    }

    /** A JPEG with an APP1 Exif segment holding a GPS directory (latitude reference N) right after SOI. */
    static byte[] jpegWithGps(int width, int height) throws IOException {
        byte[] jpeg = picture(width, height, false, "jpeg");
        ByteBuffer tiff = ByteBuffer.allocate(44);
        tiff.put("MM".getBytes(StandardCharsets.US_ASCII)).putShort((short) 42).putInt(8);
        tiff.putShort((short) 1)
                .putShort((short) 0x8825)
                .putShort((short) 4)
                .putInt(1)
                .putInt(26)
                .putInt(0);
        tiff.putShort((short) 1).putShort((short) 1).putShort((short) 2).putInt(2);
        tiff.put(new byte[] {'N', 0, 0, 0}).putInt(0);
        byte[] exif = new byte[6 + tiff.position()];
        System.arraycopy("Exif\0\0".getBytes(StandardCharsets.US_ASCII), 0, exif, 0, 6);
        System.arraycopy(tiff.array(), 0, exif, 6, tiff.position());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, 2);
        out.write(0xFF);
        out.write(0xE1);
        out.write((exif.length + 2) >> 8);
        out.write((exif.length + 2) & 0xFF);
        out.write(exif);
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }

    /** The markers of a JPEG's segments up to the start of scan. */
    static List<Integer> markers(byte[] jpeg) {
        List<Integer> markers = new ArrayList<>();
        int i = 2;
        while (i + 4 <= jpeg.length && (jpeg[i] & 0xFF) == 0xFF) {
            int marker = jpeg[i + 1] & 0xFF;
            markers.add(marker);
            if (marker == 0xDA) {
                break;
            }
            i += 2 + ((jpeg[i + 2] & 0xFF) << 8 | jpeg[i + 3] & 0xFF);
        }
        return markers;
    }

    static BufferedImage decode(byte[] bytes) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(bytes));
    }

    @Test
    void aPhotoIsResizedIntoWidthsServedPubliclyWithoutItsExifLocation() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        byte[] photo = jpegWithGps(2400, 1200);
        assertThat(markers(photo)).contains(0xE1);
        Response done = upload(key, "../holiday/photo.JPG", "image/jpeg", photo);
        done.then()
                .statusCode(200)
                .body("status", equalTo("ready"))
                .body("kind", equalTo("image"))
                .body("contentType", equalTo("image/jpeg"))
                .body("filename", equalTo("photo.JPG"))
                .body("width", equalTo(2400))
                .body("height", equalTo(1200))
                .body("variants.width", equalTo(List.of(320, 640, 1280, 1920)))
                .body("url", containsString("/play/media/"))
                .body("url", containsString("/w1280.jpg"));
        for (Map<String, Object> variant : done.jsonPath().<Map<String, Object>>getList("variants")) {
            Response file = given().get(path((String) variant.get("url")));
            file.then()
                    .statusCode(200)
                    .contentType("image/jpeg")
                    .header("Cache-Control", "public, max-age=31536000, immutable")
                    .header("X-Content-Type-Options", "nosniff");
            byte[] bytes = file.asByteArray();
            assertThat(decode(bytes).getWidth()).isEqualTo(variant.get("width"));
            assertThat(markers(bytes)).as("no EXIF (APP1) segment").doesNotContain(0xE1);
            assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).doesNotContain("Exif");
        }
        long id = done.jsonPath().getLong("id");
        // Completing again answers the medium as it is.
        as(key).post(MEDIA + "/" + id + "/complete").then().statusCode(200).body("status", equalTo("ready"));
        as(key).get(MEDIA).then().statusCode(200).header("X-Total-Count", "1").body("[0].id", equalTo((int) id));
        as(key).get(MEDIA + "?search=HOLIDAY").then().statusCode(200).header("X-Total-Count", "0");
        as(key).get(MEDIA + "?search=photo&kind=image").then().header("X-Total-Count", "1");
        as(key).get(MEDIA + "?kind=audio").then().header("X-Total-Count", "0");
        as(key).get(MEDIA + "?kind=pdf").then().statusCode(400).body("details[0].field", equalTo("kind"));
        as(key).body("{\"altText\":\"A beach at dusk\"}")
                .patch(MEDIA + "/" + id)
                .then()
                .statusCode(200)
                .body("altText", equalTo("A beach at dusk"))
                .body("decorative", equalTo(false));
        as(key).get(MEDIA + "?search=dusk").then().header("X-Total-Count", "1");
        as(key).delete(MEDIA + "/" + id).then().statusCode(204);
        given().get(path(done.jsonPath().getString("url"))).then().statusCode(404);
        as(key).get(MEDIA + "/" + id).then().statusCode(404);
    }

    @Test
    void aPictureWithTransparencyStaysPngAndASmallOneIsNeverUpscaled() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        Response done = upload(key, "logo.png", "image/png", picture(500, 300, true, "png"));
        done.then()
                .statusCode(200)
                .body("contentType", equalTo("image/png"))
                .body("variants.width", equalTo(List.of(320, 500)))
                .body("url", containsString("/w500.png"));
        byte[] bytes = given().get(path(done.jsonPath().getString("url")))
                .then()
                .statusCode(200)
                .contentType("image/png")
                .extract()
                .asByteArray();
        BufferedImage image = decode(bytes);
        assertThat(image.getWidth()).isEqualTo(500);
        assertThat(image.getColorModel().hasAlpha()).isTrue();
    }

    @Test
    void contentIsJudgedByItsBytesNotItsNameOrAnnouncedType() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        Response refused = upload(key, "cat.jpg", "image/jpeg", "this is just text, not a picture".getBytes());
        refused.then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"))
                .body("message", containsString("JPEG, PNG, GIF and SVG"));
        as(key).get(MEDIA + "?status=failed")
                .then()
                .statusCode(200)
                .body("[0].status", equalTo("failed"))
                .body("[0].error", containsString("not a picture"))
                .body("[0].url", nullValue());

        // A PNG header claiming 30000 x 30000 pixels is refused from its header, nothing decoded.
        ByteBuffer ihdr = ByteBuffer.allocate(13).putInt(30000).putInt(30000);
        ihdr.put(new byte[] {8, 2, 0, 0, 0});
        ByteArrayOutputStream bomb = new ByteArrayOutputStream();
        bomb.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        chunk(bomb, "IHDR", ihdr.array());
        chunk(bomb, "IDAT", new byte[] {0x78, (byte) 0x9c, 3, 0, 0, 0, 0, 1});
        chunk(bomb, "IEND", new byte[0]);
        upload(key, "bomb.png", "image/png", bomb.toByteArray())
                .then()
                .statusCode(422)
                .body("message", containsString("30000 x 30000"))
                .body("message", containsString("megapixels"));

        String script = "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
        upload(key, "x.svg", "image/svg+xml", script.getBytes())
                .then()
                .statusCode(422)
                .body("message", containsString("<script>"));
        String handler = "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect onclick=\"alert(1)\"/></svg>";
        upload(key, "y.svg", "image/svg+xml", handler.getBytes()).then().statusCode(422);
        String link = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
                + "<a xlink:href=\"javascript:alert(1)\"><rect/></a></svg>";
        upload(key, "z.svg", "image/svg+xml", link.getBytes())
                .then()
                .statusCode(422)
                .body("message", containsString("javascript:"));
        String entity = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>&x;</text></svg>";
        upload(key, "e.svg", "image/svg+xml", entity.getBytes()).then().statusCode(422);

        String clean = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><defs><linearGradient"
                + " id=\"g\"/></defs><rect width=\"10\" height=\"10\" fill=\"url(#g)\"/></svg>";
        Response svg = upload(key, "ok.svg", "image/svg+xml", clean.getBytes());
        svg.then()
                .statusCode(200)
                .body("contentType", equalTo("image/svg+xml"))
                .body("variants", equalTo(List.of()))
                .body("url", containsString("/file.svg"));
        given().get(path(svg.jsonPath().getString("url")))
                .then()
                .statusCode(200)
                .contentType("image/svg+xml")
                .header("Content-Security-Policy", containsString("sandbox"))
                .header("X-Content-Type-Options", "nosniff")
                .body(equalTo(clean));
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) throws IOException {
        out.write(ByteBuffer.allocate(4).putInt(data.length).array());
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        out.write(typeBytes);
        out.write(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    @Test
    void slotsAreCheckedBeforeAnyUpload() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        slot(key, "big.jpg", "image/jpeg", 26 * 1024 * 1024)
                .then()
                .statusCode(413)
                .body("error.code", equalTo("PAYLOAD_TOO_LARGE"));
        slot(key, "photo.jpg", "image/jpeg", 20 * 1024 * 1024).then().statusCode(201);
        slot(key, "film.mp4", "video/mp4", 600L * 1024 * 1024).then().statusCode(413);
        slot(key, "talk.mp3", "audio/mpeg", 101L * 1024 * 1024).then().statusCode(413);
        slot(key, "doc.pdf", "application/pdf", 100)
                .then()
                .statusCode(415)
                .body("error.code", equalTo("UNSUPPORTED_MEDIA_TYPE"))
                .body("message", containsString("JPEG, PNG, GIF and SVG"));
        slot(key, "p.webp", "image/webp", 100).then().statusCode(415).body("message", containsString("image/webp"));
        as(key).body("{\"contentType\":\"image/png\",\"size\":10}")
                .post(MEDIA)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("filename"));
        as(key).body("{\"filename\":\"a.png\",\"contentType\":\"image/png\",\"size\":0}")
                .post(MEDIA)
                .then()
                .statusCode(400)
                .body("details[0].field", equalTo("size"));
        as(key).body("{\"filename\":\"a.png\",\"contentType\":\"image/png\",\"size\":\"ten\"}")
                .post(MEDIA)
                .then()
                .statusCode(400);
        // Nothing uploaded yet: 409, and the slot stays pending.
        long id = slot(key, "later.png", "image/png", 10).jsonPath().getLong("media.id");
        as(key).post(MEDIA + "/" + id + "/complete")
                .then()
                .statusCode(409)
                .body("message", containsString("upload the file first"));
        as(key).get(MEDIA + "/" + id).then().statusCode(200).body("status", equalTo("pending"));
        // A presigned PUT takes exactly the announced size.
        String url = slot(key, "exact.png", "image/png", 10).jsonPath().getString("upload.url");
        assertThat(put(url, "image/png", new byte[11])).isGreaterThanOrEqualTo(400);
    }

    @Test
    void audioIsServedInRangesStreamedFromS3() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        byte[] wav = new byte[20_000];
        new Random(7).nextBytes(wav);
        System.arraycopy("RIFF".getBytes(StandardCharsets.US_ASCII), 0, wav, 0, 4);
        System.arraycopy("WAVEfmt ".getBytes(StandardCharsets.US_ASCII), 0, wav, 8, 8);
        Response done = upload(key, "voice.wav", "audio/wav", wav);
        done.then()
                .statusCode(200)
                .body("kind", equalTo("audio"))
                .body("contentType", equalTo("audio/wav"))
                .body("url", containsString("/file.wav"));
        String file = path(done.jsonPath().getString("url"));
        given().get(file)
                .then()
                .statusCode(200)
                .header("Accept-Ranges", "bytes")
                .header("Content-Length", "20000");
        Response part = given().header("Range", "bytes=1000-1999").get(file);
        part.then()
                .statusCode(206)
                .contentType("audio/wav")
                .header("Content-Range", "bytes 1000-1999/20000")
                .header("Content-Length", "1000");
        assertThat(part.asByteArray()).isEqualTo(Arrays.copyOfRange(wav, 1000, 2000));
        Response tail = given().header("Range", "bytes=-10").get(file);
        tail.then().statusCode(206).header("Content-Range", "bytes 19990-19999/20000");
        assertThat(tail.asByteArray()).isEqualTo(Arrays.copyOfRange(wav, 19990, 20000));
        given().header("Range", "bytes=20000-")
                .get(file)
                .then()
                .statusCode(416)
                .header("Content-Range", "bytes */20000");
        given().get(file.replace("file.wav", "file.mp4")).then().statusCode(404);
        given().get("/play/media/AAAAAAAAAAAAAAAAAAAAAA/file.wav").then().statusCode(404);
        // A dot segment for the token is an API client's miss: the JSON 404, not the pages' HTML one.
        for (String odd : List.of("/play/media/%2e%2e/file.wav", "/play/media/%2E%2E/x", "/play/media/./x")) {
            given().urlEncodingEnabled(false)
                    .get(odd)
                    .then()
                    .statusCode(404)
                    .contentType(ContentType.JSON)
                    .body("error.code", equalTo("NOT_FOUND"));
        }

        // A video slot fed an audio file is refused by its bytes.
        upload(key, "clip.mp4", "video/mp4", wav).then().statusCode(422);
    }

    @Test
    void anotherWorkspaceSeesNothingAndKeysNeedBuildAndTheWriteScope() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long id = slot(key, "mine.png", "image/png", 10).jsonPath().getLong("media.id");
        String other = TestKeys.enterprise(TestKeys.newWorkspace());
        as(other).get(MEDIA + "/" + id).then().statusCode(404).body("error.code", equalTo("NOT_FOUND"));
        as(other).post(MEDIA + "/" + id + "/complete").then().statusCode(404);
        as(other).body("{\"altText\":\"x\"}").patch(MEDIA + "/" + id).then().statusCode(404);
        as(other).delete(MEDIA + "/" + id).then().statusCode(404);
        as(other).get(MEDIA + "?status=pending").then().statusCode(200).header("X-Total-Count", "0");
        long course = CourseLifecycleTest.importCourse(key, "a", null, CourseLifecycleTest.BUILDER2);
        as(other)
                .body(Map.of("filename", "a.png", "contentType", "image/png", "size", 10, "courseId", course))
                .post(MEDIA)
                .then()
                .statusCode(404);
        as(key).body(Map.of("filename", "a.png", "contentType", "image/png", "size", 10, "courseId", course))
                .post(MEDIA)
                .then()
                .statusCode(201)
                .body("media.courseId", equalTo((int) course));

        String reader = TestKeys.scoped(ws, List.of("courses:read"));
        as(reader)
                .body(Map.of("filename", "a.png", "contentType", "image/png", "size", 10))
                .post(MEDIA)
                .then()
                .statusCode(403);
        as(reader).get(MEDIA + "/" + id).then().statusCode(200);
        String starter = TestKeys.header(ws, "starter", "", "", "live");
        as(starter).get(MEDIA).then().statusCode(403).body("error.code", equalTo("FORBIDDEN"));
        as(starter)
                .body(Map.of("filename", "a.png", "contentType", "image/png", "size", 10))
                .post(MEDIA)
                .then()
                .statusCode(403);
    }

    @Test
    void aLibraryPictureNeedsAltTextToPublishAndCannotBeDeletedWhilePublished() throws Exception {
        String key = TestKeys.enterprise(TestKeys.newWorkspace());
        Response done = upload(key, "hero.png", "image/png", picture(400, 200, false, "png"));
        long media = done.jsonPath().getLong("id");
        String url = done.jsonPath().getString("url");
        String withPicture = """
                {"format":"builder2","title":"Pictures","locale":"en","screens":[
                 {"id":"s1","type":"blocks","typeId":1,"title":"Intro","elements":[
                  {"id":"e1","type":"image","asset":{"url":"%s","mime":"image/jpeg","mediaId":%d,"widths":[320,400]}}]}]}""".formatted(url, media);
        long course = CourseLifecycleTest.importCourse(key, "a", null, withPicture);
        as(key).post("/v1/headless/course/" + course + "/publish")
                .then()
                .statusCode(422)
                .body("error.code", equalTo("UNPROCESSABLE"))
                .body("details[0].field", equalTo("screens[0]"))
                .body("details[0].message", containsString("Intro"))
                .body("details[0].message", containsString("e1"));
        // Drafts keep the library fields as they are.
        as(key).get("/v1/headless/course/" + course + "/content")
                .then()
                .body("document.screens[0].elements[0].asset.mediaId", equalTo((int) media))
                .body("document.screens[0].elements[0].asset.widths", equalTo(List.of(320, 400)));

        String decorative = withPicture.replace("\"type\":\"image\",", "\"type\":\"image\",\"decorative\":true,");
        as(key).body("{\"document\":" + decorative + "}")
                .put("/v1/headless/course/" + course + "/content")
                .then()
                .statusCode(200);
        as(key).post("/v1/headless/course/" + course + "/publish").then().statusCode(200);

        as(key).delete(MEDIA + "/" + media)
                .then()
                .statusCode(409)
                .body("error.code", equalTo("CONFLICT"))
                .body("details[0].field", equalTo(String.valueOf(course)))
                .body("details[0].message", equalTo("Pictures"));

        // Published again without it, the medium may go (a draft still naming it would not hold it).
        String without = """
                {"format":"builder2","title":"Pictures","locale":"en","screens":[
                 {"id":"s1","type":"blocks","typeId":1,"title":"Intro","elements":[]}]}""";
        as(key).body("{\"document\":" + without + "}")
                .put("/v1/headless/course/" + course + "/content")
                .then()
                .statusCode(200);
        as(key).post("/v1/headless/course/" + course + "/publish").then().statusCode(200);
        as(key).delete(MEDIA + "/" + media).then().statusCode(204);

        // External pictures are not judged.
        long external =
                CourseLifecycleTest.importCourse(key, "a", null, withPicture.replace(",\"mediaId\":" + media, ""));
        as(key).post("/v1/headless/course/" + external + "/publish").then().statusCode(200);
    }

    @Test
    void theBuilderUsesTheLibraryWithItsEditingSession() throws Exception {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.enterprise(ws);
        long course = CourseLifecycleTest.importCourse(key, "author", null, CourseLifecycleTest.BUILDER2);
        String session = EditorResourceTest.editSession(EditorResourceTest.editUrl(
                key, "{\"action\":\"edit\",\"courseId\":" + course + ",\"identifier\":\"author\"}"));
        byte[] png = picture(700, 300, false, "png");
        Response slot = EditorResourceTest.editor(session)
                .body(Map.of("filename", "diagram.png", "contentType", "image/png", "size", png.length))
                .post(EDITOR_MEDIA);
        slot.then().statusCode(201).body("media.courseId", equalTo((int) course));
        assertThat(put(slot.jsonPath().getString("upload.url"), "image/png", png))
                .isEqualTo(200);
        long id = slot.jsonPath().getLong("media.id");
        EditorResourceTest.editor(session)
                .post(EDITOR_MEDIA + "/" + id + "/complete")
                .then()
                .statusCode(200)
                .body("variants.width", equalTo(List.of(320, 640, 700)))
                .body("url", containsString("/w700.jpg"));
        EditorResourceTest.editor(session)
                .body("{\"decorative\":true}")
                .patch(EDITOR_MEDIA + "/" + id)
                .then()
                .statusCode(200)
                .body("decorative", equalTo(true));
        EditorResourceTest.editor(session)
                .get(EDITOR_MEDIA + "?limit=1")
                .then()
                .statusCode(200)
                .header("X-Total-Count", "1")
                .header("X-Next-Cursor", String.valueOf(id))
                .body("id", hasItem((int) id));
        EditorResourceTest.editor(session)
                .get(EDITOR_MEDIA + "?limit=1&cursor=" + id)
                .then()
                .statusCode(200)
                .body("id", not(hasItem((int) id)));
        // The tenant API sees the builder's upload: one library per workspace.
        as(key).get(MEDIA + "/" + id).then().statusCode(200).body("status", equalTo("ready"));

        // Another workspace's medium is unknown to this session; a view session is refused as elsewhere.
        long foreign = slot(TestKeys.enterprise(TestKeys.newWorkspace()), "f.png", "image/png", 10)
                .jsonPath()
                .getLong("media.id");
        EditorResourceTest.editor(session)
                .post(EDITOR_MEDIA + "/" + foreign + "/complete")
                .then()
                .statusCode(404);
        // The builder's publish holds the same rule: a library picture needs alt text or the decorative mark.
        String picture = """
                {"format":"builder2","title":"Golf basics","locale":"en","screens":[
                 {"id":"s1","type":"blocks","typeId":1,"title":"Welcome",
                  "asset":{"url":"https://cdn.example.com/a.jpg","mime":"image/jpeg","mediaId":%d},"elements":[]}]}""".formatted(id);
        as(key).body("{\"document\":" + picture + "}")
                .put("/v1/headless/course/" + course + "/content")
                .then()
                .statusCode(200);
        EditorResourceTest.editor(session)
                .post("/v1/headless/player/editor/course/publish")
                .then()
                .statusCode(422)
                .body("details[0].field", equalTo("screens[0]"))
                .body("details[0].message", containsString("the screen's picture"));
        as(key).body("{\"document\":"
                        + picture.replace("\"elements\":[]", "\"assetAltText\":\"A diagram\",\"elements\":[]") + "}")
                .put("/v1/headless/course/" + course + "/content")
                .then()
                .statusCode(200);
        EditorResourceTest.editor(session)
                .post("/v1/headless/player/editor/course/publish")
                .then()
                .statusCode(200);
        String view = CoursePlayerTest.session(CoursePlayerTest.embed(
                key, "{\"action\":\"view\",\"courseId\":" + course + ",\"identifier\":\"learner\"}"));
        EditorResourceTest.editor(view)
                .get(EDITOR_MEDIA)
                .then()
                .statusCode(403)
                .body("error.reason", equalTo("view_only"));
        EditorResourceTest.editor("not-a-session").get(EDITOR_MEDIA).then().statusCode(401);

        // The builder and the screen editor may send uploads to S3; the learner's pages may not.
        URI s3 = URI.create(ConfigProvider.getConfig().getValue("platform.s3.endpoint", String.class));
        String origin = s3.getScheme() + "://" + s3.getHost() + ":" + s3.getPort();
        for (String page : List.of("/play/builder", "/play/screen-editor")) {
            assertThat(given().get(page + "?w=" + ws).header("Content-Security-Policy"))
                    .as(page)
                    .contains("connect-src 'self' " + origin + ";");
        }
        assertThat(given().get("/play/course?w=" + ws).header("Content-Security-Policy"))
                .contains("connect-src 'self';")
                .doesNotContain(origin);
    }
}
