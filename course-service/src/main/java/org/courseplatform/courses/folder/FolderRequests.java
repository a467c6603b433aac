package org.courseplatform.courses.folder;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import org.courseplatform.platform.web.DigitId;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Bodies of the folder endpoints; {@link FolderService} validates them and names bad fields (400).
 * Where JSON {@code null} means "none" and leaving the field out means "no change", the body is a
 * class whose setter records that the field was given (a record cannot tell the two apart).
 */
public final class FolderRequests {

    private FolderRequests() {}

    /** POST /v1/headless/folders; the tenant defaults to the parent's, else the call's. */
    public record Create(
            String name,
            @JsonDeserialize(using = DigitId.class) Long parentId,
            String clientIdentifier) {}

    /** PATCH /v1/headless/folders/{id}: rename, and move with {@code parentId} (null: to the top level). */
    public static final class Update {

        private String name;
        private Long parentId;
        private boolean move;

        @JsonProperty("name")
        public void setName(String name) {
            this.name = name;
        }

        @JsonProperty("parentId")
        @JsonDeserialize(using = DigitId.class)
        public void setParentId(Long parentId) {
            this.parentId = parentId;
            this.move = true;
        }

        public String name() {
            return name;
        }

        public Long parentId() {
            return parentId;
        }

        /** Whether {@code parentId} was given (null included). */
        public boolean move() {
            return move;
        }
    }

    /** PUT /v1/headless/course/{id}/folder: {@code folderId} null takes the course out of any folder. */
    public static final class MoveCourse {

        private Long folderId;
        private boolean given;

        @JsonProperty("folderId")
        @JsonDeserialize(using = DigitId.class)
        public void setFolderId(Long folderId) {
            this.folderId = folderId;
            this.given = true;
        }

        public Long folderId() {
            return folderId;
        }

        public boolean given() {
            return given;
        }
    }

    /** The answer of a course move. */
    public record CourseFolder(
            long courseId, @Schema(nullable = true) Long folderId) {}
}
