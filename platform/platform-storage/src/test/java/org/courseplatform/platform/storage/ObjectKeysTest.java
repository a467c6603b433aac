package org.courseplatform.platform.storage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Keys no S3 object can have are refused before S3 is asked, which answers them with a 500 or 400. */
class ObjectKeysTest {

    @Test
    void keysNoObjectCanHaveAreKnownBeforeAskingS3() {
        assertThat(ObjectStore.isPossibleKey("scorm/packages/1/content/index.html"))
                .isTrue();
        assertThat(ObjectStore.isPossibleKey("scorm/packages/1/content/caf\u00e9 \ud83d\ude00.html"))
                .isTrue();
        assertThat(ObjectStore.isPossibleKey("a".repeat(1024))).isTrue();
        assertThat(ObjectStore.isPossibleKey("a".repeat(1025))).isFalse();
        assertThat(ObjectStore.isPossibleKey("\u00e9".repeat(513))).isFalse(); // 1,026 bytes in UTF-8
        assertThat(ObjectStore.isPossibleKey("a\u0000b")).isFalse();
        assertThat(ObjectStore.isPossibleKey("a\u001fb")).isFalse();
        assertThat(ObjectStore.isPossibleKey("a\u007fb")).isFalse();
        assertThat(ObjectStore.isPossibleKey("a\ud800b")).isFalse();
        assertThat(ObjectStore.isPossibleKey("")).isFalse();
    }
}
