package org.courseplatform.courses.player;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The SCO runtime the front-end build puts on the classpath (scorm-runtime/, docs/scorm-runtime.md)
 * is whole and fit for a package: every file its lists name exists, the two entry pages load only
 * relative, listed files (plus the data file the exporter writes, before the module), no inline
 * script, and no runtime file points at an absolute /play/ path, another host or the player API,
 * since a package plays from any LMS path without the platform.
 */
class ScoRuntimeTest {

    private static final String ROOT = "scorm-runtime/";
    private static final Pattern SCRIPT = Pattern.compile("<script\\b([^>]*)>(.*?)</script>", Pattern.DOTALL);
    private static final Pattern REFERENCE = Pattern.compile("\\b(?:src|href)\\s*=\\s*\"([^\"]*)\"");
    private static final Pattern URL_WITH_HOST = Pattern.compile("(?i)https?://[a-z0-9.-]+[^\"'\\s)]*");
    /** XML namespace names in Preact and DOMPurify: identifiers, never fetched. */
    private static final Set<String> NAMESPACES =
            Set.of("http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg", "http://www.w3.org/1998/Math/MathML");

    @Test
    void theStaticScoListsEveryFileItNeeds() throws IOException {
        List<String> files = list("static.txt");
        assertThat(files)
                .contains("index.html")
                .anyMatch(f -> f.endsWith(".js"))
                .anyMatch(f -> f.endsWith(".css"));
        checkEntry("index.html", "./course-data.js", files);
    }

    @Test
    void theLauncherListsEveryFileItNeeds() throws IOException {
        List<String> files = list("dynamic.txt");
        assertThat(files).contains("launcher.html").anyMatch(f -> f.endsWith(".js"));
        checkEntry("launcher.html", "./launch-config.js", files);
    }

    @Test
    void noRuntimeFileNamesAnAbsolutePlayPathAHostOrThePlayerApi() throws IOException {
        List<String> all = new ArrayList<>(list("static.txt"));
        all.addAll(list("dynamic.txt"));
        for (String file : all) {
            String text = read(file);
            assertThat(text)
                    .as(file)
                    .doesNotContain("/play/")
                    .doesNotContain("/v1/")
                    .doesNotContain("fetch(")
                    .doesNotContain("XMLHttpRequest")
                    .doesNotContain("sendBeacon");
            Matcher m = URL_WITH_HOST.matcher(text);
            while (m.find()) {
                assertThat(NAMESPACES).as(file + " names " + m.group()).contains(m.group());
            }
            if (file.endsWith(".css")) {
                assertThat(text).as(file).doesNotContain("@import").doesNotContain("url(");
            }
        }
    }

    private static void checkEntry(String page, String dataFile, List<String> listed) throws IOException {
        String html = read(page);
        Matcher script = SCRIPT.matcher(html);
        List<String> scripts = new ArrayList<>();
        while (script.find()) {
            assertThat(script.group(2).strip()).as(page + ": no inline script").isEmpty();
            Matcher src = REFERENCE.matcher(script.group(1));
            assertThat(src.find()).as(page + ": every script has a src").isTrue();
            scripts.add(src.group(1));
        }
        // The exporter's data file, as a classic script, before the module that reads it.
        assertThat(scripts).hasSizeGreaterThanOrEqualTo(2);
        assertThat(scripts.get(0)).isEqualTo(dataFile);
        assertThat(html)
                .contains("<script src=\"" + dataFile + "\"")
                .doesNotContain("<script type=\"module\" src=\"" + dataFile);
        Matcher ref = REFERENCE.matcher(html);
        int references = 0;
        while (ref.find()) {
            String url = ref.group(1);
            references++;
            assertThat(url)
                    .as(page + " references " + url)
                    .startsWith("./")
                    .doesNotContain("..")
                    .doesNotContain("//");
            if (!url.equals(dataFile)) {
                assertThat(listed).as(page + " references " + url).contains(url.substring(2));
            }
        }
        assertThat(references).isGreaterThanOrEqualTo(3);
        assertThat(listed)
                .as("the data file is written by the exporter, not listed")
                .doesNotContain(dataFile.substring(2));
    }

    /** The lines of a list, each checked to be a relative path of a file on the classpath. */
    private static List<String> list(String name) throws IOException {
        List<String> files =
                read(name).lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        assertThat(files).as(name).isNotEmpty().doesNotHaveDuplicates();
        for (String file : files) {
            assertThat(file)
                    .as(name)
                    .doesNotStartWith("/")
                    .doesNotContain("..")
                    .doesNotContain("\\")
                    .doesNotContain("//");
            assertThat(resource(file))
                    .as(name + " lists " + file + ", which the build did not produce")
                    .isNotNull();
        }
        return files;
    }

    private static URL resource(String file) {
        return ScoRuntimeTest.class.getClassLoader().getResource(ROOT + file);
    }

    private static String read(String file) throws IOException {
        URL url = resource(file);
        assertThat(url)
                .as(ROOT + file + " is on the classpath (the front-end build makes it)")
                .isNotNull();
        try (InputStream in = url.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
