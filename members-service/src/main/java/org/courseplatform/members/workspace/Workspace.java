package org.courseplatform.members.workspace;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;

/** A customer account: its plan, add-ons, partner features and user limit. */
@Entity
@Table(name = "workspace")
public class Workspace {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public String name;

    public String plan;

    /** Comma-separated add-on names. */
    public String addons = "";

    /** Comma-separated partner feature names. */
    public String features = "";

    @Column(name = "user_limit")
    public Integer userLimit;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    public List<String> addonList() {
        return split(addons);
    }

    public List<String> featureList() {
        return split(features);
    }

    static List<String> split(String value) {
        return value == null || value.isEmpty() ? List.of() : Arrays.asList(value.split(","));
    }
}
