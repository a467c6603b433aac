package org.courseplatform.scorm.player;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.time.Duration;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.scorm.config.ScormConfig;
import org.junit.jupiter.api.Test;

class ContentOriginTest {

    private static final String LABEL = "0123456789abcdef0123456789abcdef";

    @Test
    void aPerLaunchOriginPutsTheTokensJtiInFrontOfTheHost() {
        ContentOrigin origin = origin("https://{session}.scorm-content.example.net/", "https://courses.example.com");
        assertThat(origin.perLaunch()).isTrue();
        assertThat(origin.host(LABEL)).isEqualTo(LABEL + ".scorm-content.example.net");
        assertThat(origin.origin(LABEL)).isEqualTo("https://" + LABEL + ".scorm-content.example.net");
        assertThat(origin.isContentHost(LABEL + ".scorm-content.example.net")).isTrue();
        assertThat(origin.isContentHost(LABEL.toUpperCase() + ".Scorm-Content.example.net:443"))
                .isTrue();
        assertThat(origin.isContentHost("scorm-content.example.net")).isFalse();
        assertThat(origin.isContentHost("x" + LABEL.substring(1) + ".scorm-content.example.net"))
                .isFalse();
        assertThat(origin.isContentHost("a." + LABEL + ".scorm-content.example.net"))
                .isFalse();
        assertThat(origin.isContentHost("courses.example.com")).isFalse();
        assertThat(origin.isContentHost(null)).isFalse();
        assertThat(ContentOrigin.isHost(LABEL + ".scorm-content.example.net:8443", origin.host(LABEL)))
                .isTrue();
        assertThat(ContentOrigin.isHost("evil.example.com", origin.host(LABEL))).isFalse();
    }

    @Test
    void aFixedOriginServesEveryLaunchOnOneHostWithItsPort() {
        ContentOrigin origin = origin("http://content.localhost:18080", "http://127.0.0.1:18080");
        assertThat(origin.perLaunch()).isFalse();
        assertThat(origin.origin(LABEL)).isEqualTo("http://content.localhost:18080");
        assertThat(origin.isContentHost("content.localhost:18080")).isTrue();
        assertThat(origin.isContentHost(LABEL + ".content.localhost:18080")).isFalse();
    }

    @Test
    void theApisOwnHostOrAWildcardCoveringItIsRefusedAtStartUp() {
        assertThatThrownBy(() -> origin("https://courses.example.com", "https://courses.example.com"))
                .hasMessageContaining("API's host");
        assertThatThrownBy(() -> origin("https://{session}.example.com", "https://courses.example.com"))
                .hasMessageContaining("API's host");
        assertThatThrownBy(() -> origin("https://{session}.courses.example.com", "https://courses.example.com"))
                .hasMessageContaining("API's host");
        assertThatThrownBy(() -> origin("https://x{session}.example.net", "https://courses.example.com"))
                .hasMessageContaining("first label");
        assertThatThrownBy(() -> origin("https://{session}.{session}.example.net", "https://courses.example.com"))
                .hasMessageContaining("first label");
        assertThatThrownBy(() -> origin("https://content.example.net/scorm", "https://courses.example.com"))
                .hasMessageContaining("nothing after it");
        assertThatThrownBy(() -> origin("ftp://content.example.net", "https://courses.example.com"))
                .hasMessageContaining("http(s)");
        assertThatThrownBy(() -> origin("content.example.net", "https://courses.example.com"))
                .hasMessageContaining("not a URL");
    }

    @Test
    void frameAncestorsMustBeAListOfSourcesThatCannotEndTheDirective() {
        assertThat(new PagePolicies(config("http://{session}.content.localhost:8080", "https://a.example  'self'"))
                        .player())
                .endsWith("frame-ancestors https://a.example 'self'");
        assertThatThrownBy(() -> new PagePolicies(config("http://{session}.content.localhost:8080", "*; script-src *")))
                .hasMessageContaining("frame-ancestors");
        assertThatThrownBy(() ->
                        new PagePolicies(config("http://{session}.content.localhost:8080", "a.example, b.example")))
                .hasMessageContaining("frame-ancestors");
    }

    @Test
    void aParentOriginIsNormalisedAsBrowsersSerialiseOrigins() {
        assertThat(PlayerService.parentOrigin(null)).isNull();
        assertThat(PlayerService.parentOrigin("HTTPS://LMS.Example.COM")).isEqualTo("https://lms.example.com");
        assertThat(PlayerService.parentOrigin("https://lms.example.com:443/")).isEqualTo("https://lms.example.com");
        assertThat(PlayerService.parentOrigin("http://lms.example.com:80")).isEqualTo("http://lms.example.com");
        assertThat(PlayerService.parentOrigin("https://lms.example.com:8443"))
                .isEqualTo("https://lms.example.com:8443");
        assertThat(PlayerService.parentOrigin("http://[::1]:3000")).isEqualTo("http://[::1]:3000");
        assertThat(PlayerService.parentOrigin("https://xn--exmple-cua.com")).isEqualTo("https://xn--exmple-cua.com");
        for (String bad : new String[] {
            "*",
            "null",
            "",
            "https://",
            "https://a.example/x",
            "https://a.example#f",
            "https://a.example?q",
            "data:text/html,x",
            "https://u:p@a.example",
            "https://ä.example",
            "//a.example"
        }) {
            assertThatThrownBy(() -> PlayerService.parentOrigin(bad)).as(bad).isInstanceOf(ApiException.class);
        }
    }

    private static ContentOrigin origin(String template, String api) {
        return new ContentOrigin(config(template, "*"), api);
    }

    private static ScormConfig config(String contentOrigin, String frameAncestors) {
        ScormConfig.Player player = new ScormConfig.Player() {
            @Override
            public Duration embedTtl() {
                return Duration.ofHours(3);
            }

            @Override
            public Duration sessionTtl() {
                return Duration.ofHours(8);
            }

            @Override
            public int maxCommitBytes() {
                return 1 << 20;
            }

            @Override
            public String contentOrigin() {
                return contentOrigin;
            }

            @Override
            public String frameAncestors() {
                return frameAncestors;
            }
        };
        return (ScormConfig) Proxy.newProxyInstance(
                ScormConfig.class.getClassLoader(), new Class<?>[] {ScormConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("player")) {
                        return player;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
