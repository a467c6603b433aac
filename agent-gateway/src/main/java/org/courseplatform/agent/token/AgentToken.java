package org.courseplatform.agent.token;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.UUID;

/** The record of a minted agent token: its id (the JWT's jti) and scope, never the token. */
@Entity
@Table(name = "agent_token")
public class AgentToken {

    @Id
    public UUID id;

    @Column(name = "workspace_id")
    public long workspaceId;

    @Column(name = "api_key_id")
    public long apiKeyId;

    public String identifier;

    @Column(name = "client_identifier")
    public String clientIdentifier;

    /** Comma-separated tool names; null means the full read surface. */
    public String tools;

    @Column(name = "course_id")
    public Long courseId;

    public boolean readonly;

    @Column(name = "test_mode")
    public boolean testMode;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "expires_at")
    public OffsetDateTime expiresAt;
}
