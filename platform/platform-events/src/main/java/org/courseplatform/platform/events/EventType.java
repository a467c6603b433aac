package org.courseplatform.platform.events;

import java.util.Objects;

/**
 * One kind of event in the {@link Events} catalogue: its CloudEvents {@code type}, the topic that
 * carries it, the record its {@code data} is, and whether webhook endpoints may subscribe to it.
 *
 * @param <D> the type of {@code data}
 */
public final class EventType<D> {

    private final String name;
    private final String topic;
    private final Class<D> dataType;
    private final boolean subscribable;

    EventType(String name, String topic, Class<D> dataType, boolean subscribable) {
        this.name = Objects.requireNonNull(name);
        this.topic = Objects.requireNonNull(topic);
        this.dataType = Objects.requireNonNull(dataType);
        this.subscribable = subscribable;
    }

    /** The CloudEvents {@code type}, e.g. {@code course.created}. */
    public String name() {
        return name;
    }

    /** The topic this kind of event is published on ({@link Topics}). */
    public String topic() {
        return topic;
    }

    /** The record {@code data} is. */
    public Class<D> dataType() {
        return dataType;
    }

    /** Whether a webhook endpoint may subscribe to it; its {@code data} is then exactly the webhook {@code data}. */
    public boolean subscribable() {
        return subscribable;
    }

    /** Whether {@code event} is of this type (by name: a type may be published on more than one topic). */
    public boolean is(CloudEvent event) {
        return event != null && name.equals(event.type());
    }

    @Override
    public String toString() {
        return name + " on " + topic;
    }
}
