package org.courseplatform.courses.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The external media header: commas in URLs encoded, non-ASCII made safe, the cap counted as "; N more". */
class PackageMediaTest {

    @Test
    void urlsAreJoinedWithTheirCommasEncoded() {
        assertThat(PackageMedia.header(List.of("https://a.example/x,y.jpg", "https://b.example/é.png")))
                .isEqualTo("https://a.example/x%2Cy.jpg,https://b.example/%C3%A9.png");
    }

    @Test
    void pastTheCapTheRestAreCounted() {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            urls.add("https://cdn.example.com/" + "p".repeat(80) + i + ".jpg");
        }
        String value = PackageMedia.header(urls);
        assertThat(value.length()).isLessThanOrEqualTo(PackageMedia.HEADER_MAX + 20);
        int kept = value.substring(0, value.indexOf(';')).split(",").length;
        assertThat(value).endsWith("; " + (200 - kept) + " more");
        assertThat(kept).isGreaterThan(50).isLessThan(200);
    }
}
