package org.courseplatform.scorm.player;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.junit.jupiter.api.Test;

/** What a {@code Range} header asks of a file, by RFC 9110's rules: a part, the whole file, or a 416. */
class ByteRangeTest {

    @Test
    void singleRangesAreThePartAskedForCutAtTheEnd() {
        assertThat(ByteRange.of("bytes=0-99", 1000)).isEqualTo(new ByteRange(0, 99));
        assertThat(ByteRange.of("bytes=500-", 1000)).isEqualTo(new ByteRange(500, 999));
        assertThat(ByteRange.of("bytes=900-5000", 1000)).isEqualTo(new ByteRange(900, 999));
        assertThat(ByteRange.of("bytes=-100", 1000)).isEqualTo(new ByteRange(900, 999));
        assertThat(ByteRange.of("bytes=-5000", 1000)).isEqualTo(new ByteRange(0, 999));
        assertThat(ByteRange.of("Bytes=7-7 ", 1000)).isEqualTo(new ByteRange(7, 7));
        assertThat(ByteRange.of("bytes=0-99999999999999999999", 10)).isEqualTo(new ByteRange(0, 9));
        assertThat(new ByteRange(900, 999).contentRange(1000)).isEqualTo("bytes 900-999/1000");
        assertThat(new ByteRange(900, 999).length()).isEqualTo(100);
    }

    @Test
    void whatTheServerMayIgnoreGetsTheWholeFile() {
        for (String header : new String[] {
            null,
            "",
            "bytes=",
            "bytes=-",
            "bytes=5-2",
            "bytes=0-1,5-9",
            "items=0-9",
            "bytes=a-9",
            "bytes=0-9x",
            "bytes=--5",
            "bytes=+1-2",
            "0-9"
        }) {
            assertThat(ByteRange.of(header, 1000)).as(String.valueOf(header)).isNull();
        }
    }

    @Test
    void aRangePastTheEndIs416NamingTheSize() {
        for (String header :
                new String[] {"bytes=1000-", "bytes=1000-2000", "bytes=-0", "bytes=99999999999999999999-"}) {
            assertThatThrownBy(() -> ByteRange.of(header, 1000))
                    .as(header)
                    .isInstanceOfSatisfying(ApiException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.RANGE_NOT_SATISFIABLE);
                        assertThat(e.code().status()).isEqualTo(416);
                        assertThat(e.headers()).containsEntry("Content-Range", "bytes */1000");
                    });
        }
        assertThatThrownBy(() -> ByteRange.of("bytes=0-", 0)).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> ByteRange.of("bytes=-1", 0)).isInstanceOf(ApiException.class);
    }
}
