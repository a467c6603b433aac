package org.courseplatform.agent.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.courseplatform.platform.web.ApiException;
import org.junit.jupiter.api.Test;

/** Which membership a consumer MCP request acts in, by who chose the password it signed in with. */
class PasswordWorkspaceRuleTest {

    private static final Long CHOSEN_BY = 20L;
    private final List<MembersUserApi.Membership> memberships =
            List.of(membership(10, CHOSEN_BY), membership(20, CHOSEN_BY), membership(30, CHOSEN_BY));

    @Test
    void aWorkspacePasswordActsInThatWorkspaceOnly() {
        assertThat(ConsumerMcpPolicy.acting(memberships, null, false).workspaceId())
                .as("the default is the password's workspace, not the first")
                .isEqualTo(20);
        assertThat(ConsumerMcpPolicy.acting(memberships, 20L, false).workspaceId())
                .isEqualTo(20);
        assertThatThrownBy(() -> ConsumerMcpPolicy.acting(memberships, 10L, false))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("opens that workspace only");
        assertThatThrownBy(() -> ConsumerMcpPolicy.acting(memberships, 30L, false))
                .isInstanceOf(ApiException.class);
    }

    @Test
    void theirOwnPasswordActsInAnyOfTheirWorkspaces() {
        assertThat(ConsumerMcpPolicy.acting(memberships, null, true).workspaceId())
                .isEqualTo(10);
        assertThat(ConsumerMcpPolicy.acting(memberships, 30L, true).workspaceId())
                .isEqualTo(30);
    }

    @Test
    void anAccountNoWorkspaceGaveAPasswordActsInAnyOfItsWorkspaces() {
        // Its password can only have been set through the mailbox ("Forgot password?").
        List<MembersUserApi.Membership> none = List.of(membership(10, null), membership(20, null));
        assertThat(ConsumerMcpPolicy.acting(none, 20L, false).workspaceId()).isEqualTo(20);
    }

    private static MembersUserApi.Membership membership(long workspaceId, Long passwordWorkspaceId) {
        return new MembersUserApi.Membership(
                workspaceId,
                7,
                "person@example.com",
                "team",
                "active",
                "build",
                List.of(),
                List.of(),
                passwordWorkspaceId);
    }
}
