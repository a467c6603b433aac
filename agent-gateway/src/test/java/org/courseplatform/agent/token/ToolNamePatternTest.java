package org.courseplatform.agent.token;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import org.courseplatform.agent.tool.AgentTool;
import org.courseplatform.agent.tool.Schemas;
import org.courseplatform.agent.tool.ToolCatalogue;
import org.courseplatform.platform.testing.Linearity;
import org.courseplatform.platform.web.ApiException;
import org.junit.jupiter.api.Test;

/** Tool names and course ids in a token request are client text: both patterns stay linear. */
class ToolNamePatternTest {

    /** A catalogue of one tool, list_courses, so well-formed names reach the catalogue check. */
    private static final ToolCatalogue CATALOGUE = new ToolCatalogue(List.of(() -> List.of(new AgentTool(
            "list_courses",
            "List",
            "Lists courses",
            Schemas.input().build(),
            Schemas.output().build(),
            AgentTool.Hints.read(),
            null,
            false,
            call -> null))));

    @Test
    void toolNamesAndCourseIdsAreCheckedInLinearTime() {
        Linearity.assertLinear("tool name", 4_000_000, n -> "a_".repeat(n / 2) + "!", ToolNamePatternTest::validate);
        Linearity.assertLinear(
                "course id",
                4_000_000,
                n -> "1".repeat(n) + "x",
                n -> validate(new TokenRequest("agent", null, List.of("list_courses"), TextNode.valueOf(n), null)));
        assertThat(validate("list_courses")).isNull();
    }

    private static String validate(String tool) {
        return validate(new TokenRequest("agent", null, List.of(tool), null, null));
    }

    private static String validate(TokenRequest request) {
        try {
            request.validate(CATALOGUE);
            return null;
        } catch (ApiException e) {
            return e.getMessage();
        }
    }
}
