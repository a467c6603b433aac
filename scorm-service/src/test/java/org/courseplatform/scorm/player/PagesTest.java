package org.courseplatform.scorm.player;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PagesTest {

    private static final String HOSTILE = "<!--<script></script>&\u2028 </script><b>";
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void aManifestTitleCannotBreakOutOfThePlayerConfig() throws Exception {
        ObjectNode launch = mapper.createObjectNode();
        launch.putArray("scos")
                .addObject()
                .put("identifier", "sco-1")
                .put("title", HOSTILE)
                .put("href", "index.html");
        PlayerSession session = new PlayerSession(
                "s",
                1,
                2,
                "play",
                null,
                "learner",
                "ready",
                HOSTILE,
                "1.2",
                launch,
                "sco-1",
                "p.zip",
                10,
                1,
                10L,
                null,
                "0123456789abcdef0123456789abcdef.content.localhost",
                "https://lms.example.com");

        String page = Pages.player(mapper, session);

        Matcher config = Pattern.compile(
                        "<script id=\"player-config\" type=\"application/json\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        assertThat(config.find()).isTrue();
        String json = config.group(1);
        assertThat(json).doesNotContain("<", ">", "&", "\u2028");
        assertThat(mapper.readTree(json).path("scos").path(0).path("title").asText())
                .isEqualTo(HOSTILE);
        // Nothing the title holds opens or closes an element: the page has exactly its own three scripts.
        assertThat(page.split("<script", -1)).hasSize(4);
        assertThat(page.split("</script>", -1)).hasSize(4);
        // The page's CSP allows no inline script or style: only the JSON data block is inline.
        assertThat(page).doesNotContain("<style", " style=").doesNotContainPattern(" on[a-z]+=");
        assertThat(mapper.readTree(json).path("parentOrigin").asText()).isEqualTo("https://lms.example.com");
    }

    @Test
    void theLaunchPageAndTheOverviewCarryNoInlineScriptOrStyle() {
        assertThat(Pages.launch())
                .contains("<script src=\"assets/launch.js\" defer></script>", "role=\"status\"", "role=\"alert\"")
                .doesNotContain("<style", " style=")
                .doesNotContainPattern(" on[a-z]+=");
        assertThat(Pages.launch().split("<script", -1)).hasSize(2);
    }
}
