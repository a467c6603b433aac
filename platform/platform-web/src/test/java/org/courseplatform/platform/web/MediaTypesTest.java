package org.courseplatform.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MediaTypesTest {

    @Test
    void acceptsOneMediaTypeWithParameters() {
        assertThat(MediaTypes.isSingleMediaType("application/json")).isTrue();
        assertThat(MediaTypes.isSingleMediaType("application/json; charset=UTF-8"))
                .isTrue();
        assertThat(MediaTypes.isSingleMediaType("multipart/form-data; boundary=\"a b;c\""))
                .isTrue();
        assertThat(MediaTypes.isSingleMediaType(" text/plain;charset=utf-8;")).isTrue();
        assertThat(MediaTypes.isSingleMediaType("application/vnd.api+json")).isTrue();
    }

    @Test
    void refusesWhatTheRestLayerCannotParse() {
        assertThat(MediaTypes.isSingleMediaType("invalid")).isFalse();
        assertThat(MediaTypes.isSingleMediaType("application/json, text/plain")).isFalse();
        assertThat(MediaTypes.isSingleMediaType("application/json; charset")).isFalse();
        assertThat(MediaTypes.isSingleMediaType("/json")).isFalse();
        assertThat(MediaTypes.isSingleMediaType("application/")).isFalse();
        assertThat(MediaTypes.isSingleMediaType("")).isFalse();
        assertThat(MediaTypes.isSingleMediaType("text/plain; a=\"unterminated")).isFalse();
        assertThat(MediaTypes.isSingleMediaType("text/pl\u0000ain")).isFalse();
    }

    @Test
    void findsTheCharsetParameterAndKnowsWhichCanBeRead() {
        assertThat(MediaTypes.charset("application/json")).isNull();
        assertThat(MediaTypes.charset("application/json; charset=UTF-8")).isEqualTo("UTF-8");
        assertThat(MediaTypes.charset("multipart/form-data; boundary=\"x;charset=no\"; CharSet=\"latin1\""))
                .isEqualTo("latin1");
        assertThat(MediaTypes.charset("text/plain;charset=\"u\\tf-8\"")).isEqualTo("utf-8");
        assertThat(MediaTypes.isSupportedCharset("utf-8")).isTrue();
        assertThat(MediaTypes.isSupportedCharset("nope")).isFalse();
        assertThat(MediaTypes.isSupportedCharset("in valid")).isFalse();
        assertThat(MediaTypes.isSupportedCharset("")).isFalse();
    }

    @Test
    void quotesOnlyPrintableAsciiAndCutsLongValues() {
        assertThat(MediaTypes.quote("a\u0000b")).isEqualTo("'a?b'");
        assertThat(MediaTypes.quote("x".repeat(500))).hasSize(103);
    }
}
