package org.courseplatform.scorm.storage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PackageStoreKeysTest {

    @Test
    void keysNoObjectCanHaveAreKnownBeforeAskingS3() {
        assertThat(PackageStore.isPossibleKey("scorm/packages/1/content/index.html"))
                .isTrue();
        assertThat(PackageStore.isPossibleKey("scorm/packages/1/content/caf\u00e9 \ud83d\ude00.html"))
                .isTrue();
        assertThat(PackageStore.isPossibleKey("a".repeat(1024))).isTrue();
        assertThat(PackageStore.isPossibleKey("a".repeat(1025))).isFalse();
        assertThat(PackageStore.isPossibleKey("\u00e9".repeat(513))).isFalse(); // 1,026 bytes in UTF-8
        assertThat(PackageStore.isPossibleKey("a\u0000b")).isFalse();
        assertThat(PackageStore.isPossibleKey("a\u001fb")).isFalse();
        assertThat(PackageStore.isPossibleKey("a\u007fb")).isFalse();
        assertThat(PackageStore.isPossibleKey("a\ud800b")).isFalse();
        assertThat(PackageStore.isPossibleKey("")).isFalse();
    }
}
