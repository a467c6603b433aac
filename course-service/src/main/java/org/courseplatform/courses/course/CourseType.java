package org.courseplatform.courses.course;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * What a course is: a native course with a document (made here, edited in the builder, played by
 * the course player) or a hosted SCORM package (played as uploaded by scorm-service's player).
 * The wire value is what the API, the events and the {@code course.type} column carry.
 */
public enum CourseType {
    COURSE("course"),
    SCORM("scorm");

    private final String wire;

    CourseType(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static CourseType ofWire(String wire) {
        for (CourseType type : values()) {
            if (type.wire.equals(wire)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown course type " + wire);
    }

    /** Stores the wire value, so the column keeps the values the row readers and SQL filters use. */
    @Converter(autoApply = true)
    public static class Column implements AttributeConverter<CourseType, String> {

        @Override
        public String convertToDatabaseColumn(CourseType type) {
            return type == null ? null : type.wire;
        }

        @Override
        public CourseType convertToEntityAttribute(String wire) {
            return wire == null ? null : ofWire(wire);
        }
    }
}
