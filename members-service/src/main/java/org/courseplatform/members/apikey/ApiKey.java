package org.courseplatform.members.apikey;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** An API key of a workspace; only the SHA-256 of the secret is stored. */
@Entity
@Table(name = "api_key")
public class ApiKey {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "workspace_id")
    public long workspaceId;

    public String name;

    public String mode;

    @Column(name = "key_prefix")
    public String keyPrefix;

    @Column(name = "key_hash")
    public byte[] keyHash;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "revoked_at")
    public OffsetDateTime revokedAt;

    /** Space-separated scopes ({@code Scopes.format}); null: full access. */
    public String scopes;
}
